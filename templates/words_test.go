package templates

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
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

// TestDateText: a date as a reader of each language writes it, the
// month's name in the form a date takes; every language's format gives
// the day, the month and the year, with no fmt complaint.
func TestDateText(t *testing.T) {
	d := time.Date(2026, time.November, 20, 12, 0, 0, 0, time.UTC)
	for _, tt := range []struct{ lang, want string }{
		{"en-GB", "20 November 2026"},
		{"de", "20. November 2026"},
		{"fr", "20 novembre 2026"},
		{"es", "20 de noviembre de 2026"},
		{"ru", "20 ноября 2026 г."},
		{"ja", "2026年11月20日"},
		{"ko", "2026년 11월 20일"},
		{"he", "20 בנובמבר 2026"},
		{"ar", "20 نوفمبر 2026"},
	} {
		w := WordsFor(tt.lang)
		if got := w.DateText(d); got != tt.want {
			t.Errorf("%s: DateText = %q, want %q", tt.lang, got, tt.want)
		}
	}
	for _, lang := range []string{"en", "de", "fr", "es", "pt", "it", "nl", "pl", "ru", "uk", "ja", "zh", "zh-TW", "ko", "he", "ar"} {
		w := WordsFor(lang)
		if n := len(strings.Split(w.Months, "|")); n != 12 {
			t.Errorf("%s: %d months", lang, n)
		}
		if got := w.DateText(d); strings.Contains(got, "%!") || !strings.Contains(got, "20") || !strings.Contains(got, "2026") {
			t.Errorf("%s: DateText = %q", lang, got)
		}
	}
	var zero Site
	if got := zero.UI().DateText(d); got != "20 November 2026" {
		t.Errorf("the bundled site's date: %q", got)
	}
}
