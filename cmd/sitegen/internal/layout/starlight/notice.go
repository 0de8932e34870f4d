package starlight

import (
	"encoding/json"
	"path"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/templates"
)

// untranslatedKey is the UI string of Starlight's notice on a page shown
// with the default locale's content: "i18n.untranslatedContent"
// (https://starlight.astro.build/guides/i18n/#translate-starlights-ui).
const untranslatedKey = "i18n.untranslatedContent"

// noticeWords are the notice in the languages most sites use (sitegen's
// own wording, by primary language subtag); English for any other.
var noticeWords = map[string]string{
	"en": "This content is not available in your language yet.",
	"fr": "Ce contenu n’est pas encore disponible dans votre langue.",
	"de": "Dieser Inhalt ist in deiner Sprache noch nicht verfügbar.",
	"es": "Este contenido aún no está disponible en tu idioma.",
	"it": "Questo contenuto non è ancora disponibile nella tua lingua.",
	"pt": "Este conteúdo ainda não está disponível no seu idioma.",
	"nl": "Deze inhoud is nog niet beschikbaar in jouw taal.",
	"pl": "Ta treść nie jest jeszcze dostępna w twoim języku.",
	"ru": "Этот материал пока недоступен на вашем языке.",
	"ja": "このコンテンツはまだあなたの言語で読めません。",
	"zh": "此内容尚未提供你的语言版本。",
	"ko": "이 콘텐츠는 아직 사용자의 언어로 제공되지 않습니다.",
}

// notFoundKey is the UI string of Starlight's 404 page, the tagline
// under its title "404" (0.36.3's get404Route: "hero: { tagline:
// locals.t('404.text') }").
const notFoundKey = "404.text"

// notFoundWords are Starlight's own "404.text" in the languages sitegen
// has words in (Starlight 0.36.3's translations/LANG.json, MIT License,
// Copyright (c) 2023 Astro contributors: the tool's own UI sentence,
// which a Starlight site shows), by primary language subtag; English
// for any other, as Starlight falls back to its English strings.
var notFoundWords = map[string]string{
	"en": "Page not found. Check the URL or try using the search bar.",
	"fr": "Page non trouvée. Vérifiez l’URL ou essayez d’utiliser la barre de recherche.",
	"de": "Seite nicht gefunden. Überprüfe die URL oder nutze die Suchleiste.",
	"es": "Página no encontrada. Verifica la URL o intenta usar la barra de búsqueda.",
	"it": "Pagina non trovata. Verifica l'URL o prova a utilizzare la barra di ricerca.",
	"pt": "Página não encontrada. Verifique o URL ou tente usar a barra de pesquisa.",
	"nl": "Pagina niet gevonden. Controleer de URL of probeer de zoekbalk.",
	"pl": "Nie znaleziono. Sprawdź URL lub użyj wyszukiwarki.",
	"ru": "Страница не найдена. Проверьте URL или используйте поиск по сайту.",
	"ja": "ページが見つかりません。 URL を確認するか、検索バーを使用してみてください。",
	"zh": "页面未找到。检查 URL 或尝试使用搜索栏。",
	"ko": "페이지를 찾을 수 없습니다. URL을 다시 확인해보거나 검색을 사용해보세요.",
}

// notFoundText is the sentence of the 404 page in lang for the site at
// dir: the site's own src/content/i18n/LANG.json "404.text"
// (siteStrings: "Provide translations of Starlight's UI strings"),
// else Starlight's (notFoundWords).
func notFoundText(dir, lang string) string {
	if s := siteStrings(dir, lang)[notFoundKey]; s != "" {
		return s
	}
	primary, _, _ := strings.Cut(strings.ToLower(lang), "-")
	if s, ok := notFoundWords[primary]; ok {
		return s
	}
	return notFoundWords["en"]
}

// untranslated is the notice of a fallback page in lang for the site at
// dir: the site's own src/content/i18n/LANG.json (siteStrings), else
// noticeWords.
func untranslated(dir, lang string) string {
	if s := siteStrings(dir, lang)[untranslatedKey]; s != "" {
		return s
	}
	primary, _, _ := strings.Cut(strings.ToLower(lang), "-")
	if s, ok := noticeWords[primary]; ok {
		return s
	}
	return noticeWords["en"]
}

// siteStrings are the UI strings of the site at dir in lang: its
// src/content/i18n/LANG.json, its exact lang first, then its primary
// subtag ("Provide translations of Starlight's UI strings in
// src/content/i18n/ ... a JSON file for each locale",
// https://starlight.astro.build/guides/i18n/#translate-starlights-ui);
// nil for none.
func siteStrings(dir, lang string) map[string]string {
	primary, _, _ := strings.Cut(strings.ToLower(lang), "-")
	for _, name := range []string{lang, primary} {
		file := path.Join("src/content/i18n", name+".json")
		if name == "" || !layout.Exists(dir, file, false) {
			continue
		}
		b, err := layout.ReadSetting(dir, file)
		if err != nil {
			continue
		}
		var m map[string]any
		if json.Unmarshal(b, &m) != nil {
			continue
		}
		out := map[string]string{}
		for k, v := range m {
			if s, ok := v.(string); ok && strings.TrimSpace(s) != "" {
				out[k] = s
			}
		}
		return out
	}
	return nil
}

// siteWords are the words the site at dir sets in lang for sitegen's:
// the keys of Starlight's UI strings with a word of sitegen's.
func siteWords(dir, lang string) templates.Words {
	m := siteStrings(dir, lang)
	return templates.Words{
		SkipToContent: m["skipLink.label"],
		Search:        m["search.label"],
		Menu:          m["menuButton.accessibleLabel"],
		SiteNav:       m["sidebarNav.accessibleLabel"],
		Languages:     m["languageSelect.accessibleLabel"],
		OnThisPage:    m["tableOfContents.onThisPage"],
		EditPage:      m["page.editLink"],
		LastUpdated:   m["page.lastUpdated"],
		Previous:      m["page.previousLink"],
		Next:          m["page.nextLink"],
	}
}
