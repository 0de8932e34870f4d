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
	for _, lang := range []string{"en", "de", "fr", "es", "pt", "it", "nl", "pl", "ru", "uk", "ja", "zh", "zh-TW", "ko"} {
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
