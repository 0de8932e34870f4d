package templates

import "fmt"

// ScriptWords are the words js/site.js and js/search.js write into a
// page: the theme button's, the notice of a copied link, the labels of
// a heading's # and of a table that scrolls sideways, the search's
// results. The templates carry them in the page's HTML (data attributes
// of the theme button, of <body> and of the search box), so the scripts
// are the same in every language and no bigger for it.
//
// A word the scripts complete is a format: "%s" a text, "%d" a number,
// each once.
type ScriptWords struct {
	Theme       string // the theme button's label, a format of the state's name
	System      string // the state following the system's colours
	Light       string // the light state
	Dark        string // the dark state
	ClickFor    string // the button's tooltip, a format of its label and the next state's name
	LinkCopied  string // the notice when a heading's link was copied
	LinkIs      string // before the link when it could not be copied
	CopyLinkTo  string // a heading's # label, a format of the heading's text
	CopyLink    string // the # tooltip
	WideTable   string // the label of a table that scrolls sideways
	Results     string // the number of results (more than one), a format
	OneResult   string // one result
	NoResults   string // no results
	NoResultsIn string // no results in one system, a format of its name
	SearchAll   string // the button that searches every system
	MoreResults string // the button showing more, a format of the number left
	AllGames    string // the system shown with a result no system holds
	Unavailable string // before the error when the search cannot load
}

// themeModes are the theme button's states in the order it goes
// through them (js/site.js).
var themeModes = [3]string{"system", "light", "dark"}

// ThemeLabel is the theme button's label in the state mode ("system",
// "light", "dark").
func (w *ScriptWords) ThemeLabel(mode string) string {
	return fmt.Sprintf(w.Theme, w.modeName(mode))
}

// ThemeTitle is the theme button's tooltip in the state mode: its label
// and the state a click gives.
func (w *ScriptWords) ThemeTitle(mode string) string {
	next := themeModes[0]
	for i, m := range themeModes {
		if m == mode {
			next = themeModes[(i+1)%len(themeModes)]
		}
	}
	return fmt.Sprintf(w.ClickFor, w.ThemeLabel(mode), w.modeName(next))
}

func (w *ScriptWords) modeName(mode string) string {
	switch mode {
	case "light":
		return w.Light
	case "dark":
		return w.Dark
	}
	return w.System
}

func englishScriptWords() ScriptWords {
	return ScriptWords{"Theme: %s", "system", "light", "dark", "%s (click for %s)", "Link to this rule copied", "Link: ",
		"Copy link to “%s”", "Copy link to this rule", "Table (scrolls sideways)", "%d results", "1 result", "No results",
		"No results in %s.", "Search all systems", "More results (%d)", "All games", "Search is unavailable: "}
}

// scriptWordsIn are the scripts' words in the language base (a primary
// subtag in lower case) for which pageWordsIn has words; Chinese in its
// traditional script when traditional. Languages whose plural a number
// changes in more ways than English's write the count after a colon.
func scriptWordsIn(base string, traditional bool) ScriptWords {
	switch base {
	case "de":
		return ScriptWords{"Farbschema: %s", "System", "hell", "dunkel", "%s (Klick für %s)", "Link zu dieser Regel kopiert", "Link: ",
			"Link zu „%s“ kopieren", "Link zu dieser Regel kopieren", "Tabelle (seitlich scrollbar)", "%d Ergebnisse", "1 Ergebnis", "Keine Ergebnisse",
			"Keine Ergebnisse in %s.", "Alle Systeme durchsuchen", "Weitere Ergebnisse (%d)", "Alle Spiele", "Die Suche ist nicht verfügbar: "}
	case "fr":
		return ScriptWords{"Thème : %s", "système", "clair", "sombre", "%s (cliquer pour %s)", "Lien vers cette règle copié", "Lien : ",
			"Copier le lien vers « %s »", "Copier le lien vers cette règle", "Tableau (défile horizontalement)", "%d résultats", "1 résultat", "Aucun résultat",
			"Aucun résultat dans %s.", "Rechercher dans tous les systèmes", "Plus de résultats (%d)", "Tous les jeux", "La recherche est indisponible : "}
	case "es":
		return ScriptWords{"Tema: %s", "sistema", "claro", "oscuro", "%s (clic para %s)", "Enlace a esta regla copiado", "Enlace: ",
			"Copiar enlace a «%s»", "Copiar enlace a esta regla", "Tabla (se desplaza horizontalmente)", "%d resultados", "1 resultado", "Sin resultados",
			"Sin resultados en %s.", "Buscar en todos los sistemas", "Más resultados (%d)", "Todos los juegos", "La búsqueda no está disponible: "}
	case "pt":
		return ScriptWords{"Tema: %s", "sistema", "claro", "escuro", "%s (clique para %s)", "Link para esta regra copiado", "Link: ",
			"Copiar link para “%s”", "Copiar link para esta regra", "Tabela (rola na horizontal)", "%d resultados", "1 resultado", "Nenhum resultado",
			"Nenhum resultado em %s.", "Pesquisar em todos os sistemas", "Mais resultados (%d)", "Todos os jogos", "A pesquisa não está disponível: "}
	case "it":
		return ScriptWords{"Tema: %s", "sistema", "chiaro", "scuro", "%s (clic per %s)", "Link a questa regola copiato", "Link: ",
			"Copia il link a “%s”", "Copia il link a questa regola", "Tabella (scorre in orizzontale)", "%d risultati", "1 risultato", "Nessun risultato",
			"Nessun risultato in %s.", "Cerca in tutti i sistemi", "Altri risultati (%d)", "Tutti i giochi", "La ricerca non è disponibile: "}
	case "nl":
		return ScriptWords{"Thema: %s", "systeem", "licht", "donker", "%s (klik voor %s)", "Link naar deze regel gekopieerd", "Link: ",
			"Link naar ‘%s’ kopiëren", "Link naar deze regel kopiëren", "Tabel (scrolt horizontaal)", "%d resultaten", "1 resultaat", "Geen resultaten",
			"Geen resultaten in %s.", "Alle systemen doorzoeken", "Meer resultaten (%d)", "Alle spellen", "Zoeken is niet beschikbaar: "}
	case "pl":
		return ScriptWords{"Motyw: %s", "systemowy", "jasny", "ciemny", "%s (kliknij: %s)", "Skopiowano link do tej zasady", "Link: ",
			"Kopiuj link do „%s”", "Kopiuj link do tej zasady", "Tabela (przewijana w poziomie)", "Wyniki: %d", "Wyniki: 1", "Brak wyników",
			"Brak wyników w: %s.", "Szukaj we wszystkich systemach", "Więcej wyników (%d)", "Wszystkie gry", "Wyszukiwanie jest niedostępne: "}
	case "ru":
		return ScriptWords{"Тема: %s", "системная", "светлая", "тёмная", "%s (нажмите: %s)", "Ссылка на это правило скопирована", "Ссылка: ",
			"Копировать ссылку на «%s»", "Копировать ссылку на это правило", "Таблица (прокручивается по горизонтали)", "Найдено: %d", "Найдено: 1", "Ничего не найдено",
			"Ничего не найдено в: %s.", "Искать во всех системах", "Ещё результаты (%d)", "Все игры", "Поиск недоступен: "}
	case "uk":
		return ScriptWords{"Тема: %s", "системна", "світла", "темна", "%s (натисніть: %s)", "Посилання на це правило скопійовано", "Посилання: ",
			"Копіювати посилання на «%s»", "Копіювати посилання на це правило", "Таблиця (прокручується горизонтально)", "Знайдено: %d", "Знайдено: 1", "Нічого не знайдено",
			"Нічого не знайдено в: %s.", "Шукати в усіх системах", "Ще результати (%d)", "Усі ігри", "Пошук недоступний: "}
	case "ja", "jp":
		return ScriptWords{"テーマ: %s", "システム", "ライト", "ダーク", "%s（クリックで%s）", "このルールへのリンクをコピーしました", "リンク: ",
			"「%s」へのリンクをコピー", "このルールへのリンクをコピー", "表（横にスクロールできます）", "%d 件", "1 件", "結果なし",
			"%s に結果はありません。", "すべてのシステムを検索", "さらに表示（%d）", "すべてのゲーム", "検索を利用できません: "}
	case "zh":
		if traditional {
			return ScriptWords{"主題：%s", "跟隨系統", "淺色", "深色", "%s（點擊切換為%s）", "已複製此規則的連結", "連結：",
				"複製指向「%s」的連結", "複製此規則的連結", "表格（可橫向捲動）", "%d 個結果", "1 個結果", "沒有結果",
				"%s 中沒有結果。", "搜尋所有系統", "更多結果（%d）", "所有遊戲", "無法使用搜尋："}
		}
		return ScriptWords{"主题：%s", "跟随系统", "浅色", "深色", "%s（点击切换为%s）", "已复制此规则的链接", "链接：",
			"复制指向“%s”的链接", "复制此规则的链接", "表格（可横向滚动）", "%d 个结果", "1 个结果", "无结果",
			"%s 中无结果。", "搜索所有系统", "更多结果（%d）", "所有游戏", "无法使用搜索："}
	case "ko":
		return ScriptWords{"테마: %s", "시스템", "라이트", "다크", "%s (클릭하면 %s)", "이 규칙의 링크를 복사했습니다", "링크: ",
			"“%s” 링크 복사", "이 규칙의 링크 복사", "표 (가로로 스크롤)", "결과 %d개", "결과 1개", "결과 없음",
			"%s에 결과가 없습니다.", "모든 시스템 검색", "결과 더 보기 (%d)", "모든 게임", "검색을 사용할 수 없습니다: "}
	case "he", "iw":
		return ScriptWords{"ערכת נושא: %s", "מערכת", "בהירה", "כהה", "%s (לחצו למעבר ל%s)", "הקישור לחוק זה הועתק", "קישור: ",
			"העתקת קישור אל „%s”", "העתקת קישור לחוק זה", "טבלה (גוללת לרוחב)", "%d תוצאות", "תוצאה אחת", "אין תוצאות",
			"אין תוצאות ב%s.", "חיפוש בכל המערכות", "תוצאות נוספות (%d)", "כל המשחקים", "החיפוש אינו זמין: "}
	case "ar":
		return ScriptWords{"السمة: %s", "النظام", "فاتحة", "داكنة", "%s (انقر للتبديل إلى %s)", "نُسخ رابط هذه القاعدة", "الرابط: ",
			"نسخ رابط «%s»", "نسخ رابط هذه القاعدة", "جدول (يمرَّر أفقيًا)", "النتائج: %d", "نتيجة واحدة", "لا توجد نتائج",
			"لا توجد نتائج في %s.", "البحث في كل الأنظمة", "نتائج أخرى (%d)", "كل الألعاب", "البحث غير متاح: "}
	}
	return englishScriptWords()
}
