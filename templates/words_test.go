package templates

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestWordsFor: a language's words by its code as the tools write it
// (region, underscore, case), English for one sitegen has no words in;
// every language has every word, and its "All %d pages of %s" takes the
// count and the title.
func TestWordsFor(t *testing.T) {
	for _, tt := range []struct{ lang, onThisPage string }{
		{"", "On this page"},
		{"en-US", "On this page"},
		{"xx", "On this page"},
		{"de", "Auf dieser Seite"},
		{"de-DE", "Auf dieser Seite"},
		{"de_DE", "Auf dieser Seite"},
		{"fr-fr", "Sur cette page"},
		{"pt-BR", "Nesta página"},
		{"zh-CN", "本页目录"},
		{"zh-TW", "本頁目錄"},
		{"zh-Hant", "本頁目錄"},
		{"ja-JP", "このページの内容"},
	} {
		if got := WordsFor(tt.lang).OnThisPage; got != tt.onThisPage {
			t.Errorf("WordsFor(%q).OnThisPage = %q, want %q", tt.lang, got, tt.onThisPage)
		}
	}
	for _, lang := range []string{"en", "de", "fr", "es", "pt", "it", "nl", "pl", "ru", "uk", "ja", "zh", "zh-TW", "ko", "he", "ar"} {
		w := WordsFor(lang)
		if lang != "en" && !HasWords(lang) {
			t.Errorf("HasWords(%q) = false", lang)
		}
		v := reflect.ValueOf(w)
		for i := range v.NumField() {
			if v.Field(i).String() == "" {
				t.Errorf("%s: no %s", lang, v.Type().Field(i).Name)
			}
		}
		if all := fmt.Sprintf(w.AllPages, 12, "Magie"); !strings.Contains(all, "12") || !strings.Contains(all, "Magie") || strings.Contains(all, "%!") {
			t.Errorf("%s: AllPages gives %q", lang, all)
		}
	}
	if HasWords("en-GB") || HasWords("xx") {
		t.Error("HasWords of English or an unknown language")
	}
}

// TestWordsMerge: a site's own words win, the others stay.
func TestWordsMerge(t *testing.T) {
	w := WordsFor("fr").Merge(Words{OnThisPage: "Dans cette page"})
	if w.OnThisPage != "Dans cette page" || w.Next != "Suivant" {
		t.Errorf("merged: %+v", w)
	}
	var zero Site
	if zero.UI().Menu != "Menu" {
		t.Errorf("a site without words: %q", zero.UI().Menu)
	}
}

// TestScriptWords: every language has every word the scripts write; a
// format takes what the script (or ThemeLabel/ThemeTitle) puts in it,
// once, and a word that is no format has no verb; the theme button's
// tooltip names the state a click gives (system, light, dark, system).
func TestScriptWords(t *testing.T) {
	formats := map[string]string{"Theme": "%s", "ClickFor": "%s", "CopyLinkTo": "%s", "NoResultsIn": "%s", "Results": "%d", "MoreResults": "%d"}
	for _, lang := range []string{"en", "de", "fr", "es", "pt", "it", "nl", "pl", "ru", "uk", "ja", "zh", "zh-TW", "ko", "he", "ar", "xx"} {
		w := WordsFor(lang).Script
		v := reflect.ValueOf(w)
		for i := range v.NumField() {
			name, s := v.Type().Field(i).Name, v.Field(i).String()
			if s == "" {
				t.Errorf("%s: no %s", lang, name)
			}
			want := 0
			if verb, ok := formats[name]; ok {
				want = 1
				if name == "ClickFor" {
					want = 2
				}
				if strings.Count(s, verb) != want {
					t.Errorf("%s: %s = %q: want %d %s", lang, name, s, want, verb)
				}
			}
			if strings.Count(s, "%") != want {
				t.Errorf("%s: %s = %q: %d verbs, want %d", lang, name, s, strings.Count(s, "%"), want)
			}
		}
		for _, mode := range []string{"system", "light", "dark"} {
			if l := w.ThemeLabel(mode); strings.Contains(l, "%") {
				t.Errorf("%s: ThemeLabel(%s) = %q", lang, mode, l)
			}
		}
	}
	en := WordsFor("en").Script
	for _, tt := range []struct{ mode, want string }{
		{"system", "Theme: system (click for light)"},
		{"light", "Theme: light (click for dark)"},
		{"dark", "Theme: dark (click for system)"},
	} {
		if got := en.ThemeTitle(tt.mode); got != tt.want {
			t.Errorf("ThemeTitle(%s) = %q, want %q", tt.mode, got, tt.want)
		}
	}
	if fr := WordsFor("fr-FR").Script; fr.ThemeLabel("dark") != "Thème : sombre" {
		t.Errorf("fr ThemeLabel(dark) = %q", fr.ThemeLabel("dark"))
	}
	if m := WordsFor("fr").Merge(Words{Next: "Page suivante"}); m.Script.NoResults != "Aucun résultat" || m.Next != "Page suivante" {
		t.Errorf("Merge lost the script's words: %+v", m.Script)
	}
}
