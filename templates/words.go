package templates

import (
	"fmt"
	"reflect"
	"strings"
	"time"
)

// Words are sitegen's own words around a site's pages (its landmarks'
// labels, the pager's, the table of contents' heading, the 404 page's
// text) in one language. The engine chooses them once per site, from
// the language its tool's configuration gives (WordsFor), with the
// site's own overrides on top (Merge), and passes them to the templates
// in Site.Words; nothing here is global.
type Words struct {
	SkipToContent string // the skip link
	Menu          string // the phone menu button
	Search        string // the search box's placeholder and label
	SearchIn      string // the label of the search's scope menu
	Everywhere    string // the search's scope: every system
	MainNav       string // aria-label of the navbar's tabs
	SiteNav       string // aria-label of the site navigation
	Languages     string // aria-label of the locale switcher
	Breadcrumb    string // aria-label of the breadcrumbs
	OnThisPage    string // the table of contents' heading
	PagerLabel    string // aria-label of the previous/next links
	Previous      string // the word over the previous page's link
	Next          string // the word over the next page's link
	InThisSection string // the heading over a section's pages
	LinkedFrom    string // the heading over a page's backlinks
	ListPages     string // aria-label of a long list's page links
	Contents      string // the heading over a text-less home's sections
	LastUpdated   string // before the date a page last changed
	EditPage      string // the link to edit a page
	// AllPages is the navigation's link to a long section's page, a
	// fmt format of the number of pages and the section's title.
	AllPages      string
	NotFoundTitle string // the 404 page's title
	// NotFound, HomePage and NotFoundEnd are the 404 page's sentence:
	// its text before the link to the home page, the link's and after.
	NotFound, HomePage, NotFoundEnd string
	Moved                           string // a redirect page's title
	MovedTo                         string // a redirect page's text, before the target
	Tags                            string // the title of the list of tags
	// Date is how a date is written ("Last updated …"), a fmt format
	// of the day (%[1]d), the month's name (%[2]s), the year (%[3]d)
	// and the month's number (%[4]d); Months the twelve names, "|"
	// between them, in the form a date takes (Russian's genitive).
	Date, Months string
	// Script are the words js/site.js and js/search.js write into a
	// page; the templates carry them in its HTML (data attributes).
	Script ScriptWords
}

// WordsFor are the words of the language lang (a BCP 47 code as the
// tools write it: "de", "de-DE", "de_DE", "pt-BR", "zh-TW"); English for
// a language sitegen has no words in. The words are sitegen's own,
// written as docs sites in each language usually put them.
func WordsFor(lang string) Words {
	if w, ok := wordsIn(lang); ok {
		return w
	}
	return EnglishWords()
}

// wordsIn are the words of lang, and whether sitegen has any but
// English ones.
func wordsIn(lang string) (Words, bool) {
	base, region, _ := strings.Cut(strings.ToLower(strings.ReplaceAll(lang, "_", "-")), "-")
	traditional := base == "zh" && (region == "tw" || region == "hk" || region == "mo" || region == "hant")
	w, ok := pageWordsIn(base, traditional)
	if ok {
		w.Script = scriptWordsIn(base, traditional)
	}
	return w, ok
}

// pageWordsIn are the words the templates write of the language base
// (a primary subtag, lower case), Chinese in its traditional script
// when traditional; whether sitegen has them.
func pageWordsIn(base string, traditional bool) (Words, bool) {
	switch base {
	case "de":
		return Words{"Zum Inhalt springen", "Menü", "Regeln durchsuchen", "Suchen in", "Überall", "Hauptnavigation", "Website", "Sprachen", "Navigationspfad",
			"Auf dieser Seite", "Vorherige und nächste Seite", "Zurück", "Weiter", "In diesem Abschnitt", "Verlinkt von", "Seiten dieser Liste", "Inhalt",
			"Zuletzt aktualisiert", "Diese Seite bearbeiten", "Alle %d Seiten von %s", "Seite nicht gefunden",
			"Unter dieser Adresse gibt es keine Seite. Versuchen Sie es mit der ", "Startseite", " oder der Navigation.",
			"Verschoben", "Diese Seite ist umgezogen nach", "Tags",
			"%[1]d. %[2]s %[3]d", "Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember", ScriptWords{}}, true
	case "fr":
		return Words{"Aller au contenu", "Menu", "Rechercher dans les règles", "Rechercher dans", "Partout", "Navigation principale", "Site", "Langues", "Fil d’Ariane",
			"Sur cette page", "Pages précédente et suivante", "Précédent", "Suivant", "Dans cette section", "Pages qui renvoient ici", "Pages de cette liste", "Sommaire",
			"Dernière mise à jour", "Modifier cette page", "Les %d pages de %s", "Page introuvable",
			"Il n’y a aucune page à cette adresse. Essayez la ", "page d’accueil", " ou la navigation.",
			"Page déplacée", "Cette page a été déplacée vers", "Étiquettes",
			"%[1]d %[2]s %[3]d", "janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre", ScriptWords{}}, true
	case "es":
		return Words{"Saltar al contenido", "Menú", "Buscar en las reglas", "Buscar en", "En todas partes", "Navegación principal", "Sitio", "Idiomas", "Ruta de navegación",
			"En esta página", "Páginas anterior y siguiente", "Anterior", "Siguiente", "En esta sección", "Enlazada desde", "Páginas de esta lista", "Contenido",
			"Última actualización", "Editar esta página", "Las %d páginas de %s", "Página no encontrada",
			"No hay ninguna página en esta dirección. Pruebe la ", "página de inicio", " o la navegación.",
			"Página movida", "Esta página se ha movido a", "Etiquetas",
			"%[1]d de %[2]s de %[3]d", "enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre", ScriptWords{}}, true
	case "pt":
		return Words{"Pular para o conteúdo", "Menu", "Pesquisar nas regras", "Pesquisar em", "Em todo lugar", "Navegação principal", "Site", "Idiomas", "Trilha de navegação",
			"Nesta página", "Páginas anterior e seguinte", "Anterior", "Próximo", "Nesta seção", "Páginas que apontam para esta", "Páginas desta lista", "Conteúdo",
			"Última atualização", "Editar esta página", "Todas as %d páginas de %s", "Página não encontrada",
			"Não há nenhuma página neste endereço. Tente a ", "página inicial", " ou a navegação.",
			"Página movida", "Esta página foi movida para", "Tags",
			"%[1]d de %[2]s de %[3]d", "janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro", ScriptWords{}}, true
	case "it":
		return Words{"Vai al contenuto", "Menu", "Cerca nelle regole", "Cerca in", "Ovunque", "Navigazione principale", "Sito", "Lingue", "Percorso",
			"In questa pagina", "Pagine precedente e successiva", "Precedente", "Successivo", "In questa sezione", "Collegata da", "Pagine di questo elenco", "Indice",
			"Ultimo aggiornamento", "Modifica questa pagina", "Tutte le %d pagine di %s", "Pagina non trovata",
			"Non c’è nessuna pagina a questo indirizzo. Prova la ", "pagina iniziale", " o la navigazione.",
			"Pagina spostata", "Questa pagina è stata spostata in", "Tag",
			"%[1]d %[2]s %[3]d", "gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre", ScriptWords{}}, true
	case "nl":
		return Words{"Naar de inhoud", "Menu", "Doorzoek de regels", "Zoeken in", "Overal", "Hoofdnavigatie", "Site", "Talen", "Kruimelpad",
			"Op deze pagina", "Vorige en volgende pagina", "Vorige", "Volgende", "In deze sectie", "Gelinkt vanaf", "Pagina’s van deze lijst", "Inhoud",
			"Laatst bijgewerkt", "Deze pagina bewerken", "Alle %d pagina’s van %s", "Pagina niet gevonden",
			"Er is geen pagina op dit adres. Probeer de ", "startpagina", " of de navigatie.",
			"Pagina verplaatst", "Deze pagina is verplaatst naar", "Tags",
			"%[1]d %[2]s %[3]d", "januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december", ScriptWords{}}, true
	case "pl":
		return Words{"Przejdź do treści", "Menu", "Szukaj w zasadach", "Szukaj w", "Wszędzie", "Nawigacja główna", "Witryna", "Języki", "Ścieżka nawigacji",
			"Na tej stronie", "Poprzednia i następna strona", "Poprzednia", "Następna", "W tej sekcji", "Linki do tej strony", "Strony tej listy", "Spis treści",
			"Ostatnia aktualizacja", "Edytuj tę stronę", "%[2]s: wszystkie strony (%[1]d)", "Nie znaleziono strony",
			"Pod tym adresem nie ma żadnej strony. Spróbuj ", "strony głównej", " lub nawigacji.",
			"Strona przeniesiona", "Ta strona została przeniesiona do", "Tagi",
			"%[1]d %[2]s %[3]d", "stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia", ScriptWords{}}, true
	case "ru":
		return Words{"Перейти к содержимому", "Меню", "Поиск по правилам", "Искать в", "Везде", "Основная навигация", "Сайт", "Языки", "Навигационная цепочка",
			"На этой странице", "Предыдущая и следующая страницы", "Назад", "Далее", "В этом разделе", "Ссылки на эту страницу", "Страницы этого списка", "Содержание",
			"Последнее обновление", "Редактировать страницу", "%[2]s: все страницы (%[1]d)", "Страница не найдена",
			"По этому адресу нет страницы. Попробуйте ", "главную страницу", " или навигацию.",
			"Страница перемещена", "Эта страница перемещена на", "Теги",
			"%[1]d %[2]s %[3]d г.", "января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря", ScriptWords{}}, true
	case "uk":
		return Words{"Перейти до вмісту", "Меню", "Пошук у правилах", "Шукати в", "Скрізь", "Основна навігація", "Сайт", "Мови", "Навігаційний ланцюжок",
			"На цій сторінці", "Попередня і наступна сторінки", "Назад", "Далі", "У цьому розділі", "Посилання на цю сторінку", "Сторінки цього списку", "Зміст",
			"Останнє оновлення", "Редагувати сторінку", "%[2]s: усі сторінки (%[1]d)", "Сторінку не знайдено",
			"За цією адресою немає сторінки. Спробуйте ", "головну сторінку", " або навігацію.",
			"Сторінку переміщено", "Цю сторінку переміщено на", "Теги",
			"%[1]d %[2]s %[3]d р.", "січня|лютого|березня|квітня|травня|червня|липня|серпня|вересня|жовтня|листопада|грудня", ScriptWords{}}, true
	case "ja", "jp":
		return Words{"本文へスキップ", "メニュー", "ルールを検索", "検索範囲", "すべて", "メインナビゲーション", "サイト", "言語", "パンくずリスト",
			"このページの内容", "前後のページ", "前へ", "次へ", "このセクションの内容", "このページへのリンク", "このリストのページ", "目次",
			"最終更新", "このページを編集", "%[2]sの全%[1]dページ", "ページが見つかりません",
			"このアドレスにはページがありません。", "ホームページ", "またはナビゲーションをお試しください。",
			"移動しました", "このページの移動先:", "タグ",
			"%[3]d年%[4]d月%[1]d日", "1月|2月|3月|4月|5月|6月|7月|8月|9月|10月|11月|12月", ScriptWords{}}, true
	case "zh":
		if traditional {
			return Words{"跳至主要內容", "選單", "搜尋規則", "搜尋範圍", "全部", "主導覽", "網站", "語言", "導覽路徑",
				"本頁目錄", "上一頁與下一頁", "上一頁", "下一頁", "本節內容", "連結到此頁的頁面", "此清單的頁面", "目錄",
				"最後更新", "編輯此頁", "%[2]s的全部 %[1]d 頁", "找不到頁面",
				"此網址沒有頁面。請試試", "首頁", "或導覽列。",
				"頁面已移動", "此頁面已移至", "標籤",
				"%[3]d年%[4]d月%[1]d日", "1月|2月|3月|4月|5月|6月|7月|8月|9月|10月|11月|12月", ScriptWords{}}, true
		}
		return Words{"跳到主要内容", "菜单", "搜索规则", "搜索范围", "全部", "主导航", "站点", "语言", "面包屑导航",
			"本页目录", "上一页和下一页", "上一页", "下一页", "本节内容", "链接到此页的页面", "此列表的页面", "目录",
			"最后更新", "编辑此页", "%[2]s的全部 %[1]d 页", "页面未找到",
			"此地址没有页面。请试试", "首页", "或导航栏。",
			"页面已移动", "此页面已移至", "标签",
			"%[3]d年%[4]d月%[1]d日", "1月|2月|3月|4月|5月|6月|7月|8月|9月|10月|11月|12月", ScriptWords{}}, true
	case "ko":
		return Words{"본문으로 건너뛰기", "메뉴", "규칙 검색", "검색 범위", "전체", "주 메뉴", "사이트", "언어", "탐색 경로",
			"이 페이지의 내용", "이전 및 다음 페이지", "이전", "다음", "이 섹션의 내용", "이 페이지를 링크한 페이지", "이 목록의 페이지", "목차",
			"마지막 업데이트", "이 페이지 편집", "%[2]s의 전체 %[1]d페이지", "페이지를 찾을 수 없습니다",
			"이 주소에는 페이지가 없습니다. ", "홈페이지", " 또는 탐색 메뉴를 이용해 보세요.",
			"페이지 이동됨", "이 페이지는 다음으로 이동했습니다:", "태그",
			"%[3]d년 %[4]d월 %[1]d일", "1월|2월|3월|4월|5월|6월|7월|8월|9월|10월|11월|12월", ScriptWords{}}, true
	case "he", "iw":
		return Words{"דילוג לתוכן", "תפריט", "חיפוש בחוקים", "חיפוש ב", "בכל מקום", "ניווט ראשי", "אתר", "שפות", "פירורי לחם",
			"בדף זה", "הדף הקודם והבא", "הקודם", "הבא", "בפרק זה", "מקושר מ", "דפי הרשימה", "תוכן העניינים",
			"עודכן לאחרונה", "עריכת דף זה", "כל %[1]d הדפים של %[2]s", "הדף לא נמצא",
			"אין דף בכתובת זו. נסו את ", "דף הבית", " או את הניווט.",
			"הדף הועבר", "דף זה הועבר אל", "תגיות",
			"%[1]d ב%[2]s %[3]d", "ינואר|פברואר|מרץ|אפריל|מאי|יוני|יולי|אוגוסט|ספטמבר|אוקטובר|נובמבר|דצמבר", ScriptWords{}}, true
	case "ar":
		return Words{"انتقل إلى المحتوى", "القائمة", "ابحث في القواعد", "البحث في", "في كل مكان", "التنقل الرئيسي", "الموقع", "اللغات", "مسار التنقل",
			"في هذه الصفحة", "الصفحة السابقة والتالية", "السابق", "التالي", "في هذا القسم", "مرتبطة من", "صفحات هذه القائمة", "المحتويات",
			"آخر تحديث", "تحرير هذه الصفحة", "كل صفحات %[2]s (%[1]d)", "الصفحة غير موجودة",
			"لا توجد صفحة بهذا العنوان. جرّب ", "الصفحة الرئيسية", " أو التنقل.",
			"نُقلت الصفحة", "نُقلت هذه الصفحة إلى", "الوسوم",
			"%[1]d %[2]s %[3]d", "يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر", ScriptWords{}}, true
	}
	return Words{}, false
}

// HasWords reports whether sitegen has words in the language lang
// other than English.
func HasWords(lang string) bool {
	_, ok := wordsIn(lang)
	return ok
}

// EnglishWords are sitegen's words in English, those of the bundled site.
func EnglishWords() Words {
	return Words{"Skip to content", "Menu", "Search the rules", "Search in", "Everywhere", "Main", "Site", "Languages", "Breadcrumb",
		"On this page", "Previous and next", "Previous", "Next", "In this section", "Linked from", "Pages of this list", "Contents",
		"Last updated", "Edit this page", "All %d pages of %s", "Page not found",
		"There is no page at this address. Try the ", "home page", " or the navigation.",
		"Moved", "This page has moved to", "Tags",
		"%[1]d %[2]s %[3]d", "January|February|March|April|May|June|July|August|September|October|November|December", englishScriptWords()}
}

// Merge is w with each word o sets in its place: a site's own words
// (VitePress's outline.label, Starlight's src/content/i18n files) over
// sitegen's.
func (w Words) Merge(o Words) Words {
	wv, ov := reflect.ValueOf(&w).Elem(), reflect.ValueOf(o)
	for i := range wv.NumField() {
		if ov.Field(i).Kind() != reflect.String {
			continue // Script: no tool overrides the scripts' words
		}
		if s := ov.Field(i).String(); s != "" {
			wv.Field(i).SetString(s)
		}
	}
	return w
}

// UI are the site's words: Words, English when the engine set none.
func (s *Site) UI() *Words {
	if s.Words.Menu == "" {
		w := EnglishWords()
		return &w
	}
	return &s.Words
}

// DateText is t as a reader of the words' language writes a date
// ("20 November 2026", "20. November 2026", "2026年11月20日").
func (w *Words) DateText(t time.Time) string {
	months := strings.Split(w.Months, "|")
	name := t.Month().String()
	if i := int(t.Month()) - 1; i < len(months) {
		name = months[i]
	}
	return fmt.Sprintf(w.Date, t.Day(), name, t.Year(), int(t.Month()))
}
