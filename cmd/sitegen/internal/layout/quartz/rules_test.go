package quartz

import (
	"slices"
	"testing"
	"time"
)

// Quartz's slugs (quartz/util/path.ts, sluggify and slugifyFilePath):
// whitespace "-", "&" "-and-", "%" "-percent", "?" and "#" dropped, case
// kept, .md dropped and other extensions kept, "_index" as "index".
func TestSlug(t *testing.T) {
	for _, tt := range []struct{ rel, want string }{
		{"Rules/Combat Basics.md", "Rules/Combat-Basics"},
		{"Rules/Hit & Run.md", "Rules/Hit--and--Run"},
		{"100% Chance?.md", "100-percent-Chance"},
		{"Chapter #2.md", "Chapter-2"},
		{"Maps/Old Map 1.png", "Maps/Old-Map-1.png"},
		{"Spells/_index.md", "Spells/index"},
		{"index.md", "index"},
		{"Ünïcödé Nötes.md", "Ünïcödé-Nötes"},
	} {
		if got := Slug(tt.rel); got != tt.want {
			t.Errorf("Slug(%q) = %q, want %q", tt.rel, got, tt.want)
		}
	}
}

// Collate agrees with Node's ICU: each pair's expected sign is what
// a.localeCompare(b, undefined, { numeric: true, sensitivity: "base" })
// returned under Node 20 (the Explorer's sortFn).
func TestCollate(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"a", "B", -1}, {"é", "e", 0}, {"Ä", "a", 0}, {"ß", "ss", 0}, {"œ", "oe", 0},
		{"2.10", "2.9", 1}, {"item 10", "item 9", 1}, {"a-b", "a b", 1}, {"a_b", "a-b", -1},
		{"ab", "a-b", 1}, {"Ω", "z", 1}, {"æ", "ae", 0}, {"ø", "o", 0}, {"01", "1", 0},
		{"a1b", "a01b", 0}, {"x", "x ", -1}, {"α", "ж", -1}, {"中", "z", 1}, {"ñ", "n", 0},
		{"1e", "1 e", 1}, {"ð", "d", 0}, {"ł", "l", 0}, {"ŋ", "n", 1}, {"þ", "z", 1},
		// ICU's order of ASCII punctuation and symbols, before digits and letters.
		{" ", "_", -1}, {"_", "-", -1}, {"-", ",", -1}, {".", "'", -1}, {"@", "*", -1},
		{"&", "#", -1}, {"~", "$", -1}, {"$", "0", -1}, {"9", "a", -1},
		{"Session 2", "Session 10", -1}, {"Chapter 1.5", "Chapter 1.10", -1},
	} {
		if got := Collate(tt.a, tt.b); sign(got) != tt.want {
			t.Errorf("Collate(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := Collate(tt.b, tt.a); sign(got) != -tt.want {
			t.Errorf("Collate(%q, %q) = %d, want %d", tt.b, tt.a, got, -tt.want)
		}
	}
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

// The Explorer's default sortFn: "Sort order: folders first, then files.
// Sort folders and files alphabetically"
// (https://quartz.jzhao.xyz/features/explorer).
func TestCompare(t *testing.T) {
	type entry struct {
		name   string
		folder bool
	}
	got := []entry{{"zebra", false}, {"Appendix", true}, {"10 Gear", false}, {"2 Magic", false}, {"beasts", true}, {"Éclair", false}, {"apple", false}}
	slices.SortStableFunc(got, func(a, b entry) int { return Rules{}.Compare(a.name, a.folder, b.name, b.folder) })
	want := []entry{{"Appendix", true}, {"beasts", true}, {"2 Magic", false}, {"10 Gear", false}, {"apple", false}, {"Éclair", false}, {"zebra", false}}
	if !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}

// ignorePatterns are fast-glob patterns ("Any valid fast-glob pattern
// works here", https://quartz.jzhao.xyz/features/private-pages: "some/folder:
// exclude the entire of some/folder", "**/private: exclude any files or
// folders named private at any level of nesting"). Each case is what
// globby("**/*.*", { ignore: [pattern] }), as Quartz calls it, kept or
// left out of a test folder.
func TestMatch(t *testing.T) {
	files := []string{"Rules/c.md", "Rules/d.png", "a/b.md", "a/ok.excalidraw.md", "a/private/z.md", "private/sub/y.md", "private/x.md", "templates/t.md", "top.md"}
	tests := []struct {
		pattern string
		kept    []string
	}{
		{"private", []string{"Rules/c.md", "Rules/d.png", "a/b.md", "a/ok.excalidraw.md", "a/private/z.md", "templates/t.md", "top.md"}},
		{"**/private", []string{"Rules/c.md", "Rules/d.png", "a/b.md", "a/ok.excalidraw.md", "templates/t.md", "top.md"}},
		{"*.md", []string{"Rules/c.md", "Rules/d.png", "a/b.md", "a/ok.excalidraw.md", "a/private/z.md", "private/sub/y.md", "private/x.md", "templates/t.md"}},
		{"Rules", []string{"a/b.md", "a/ok.excalidraw.md", "a/private/z.md", "private/sub/y.md", "private/x.md", "templates/t.md", "top.md"}},
		{"Rules/", []string{"a/b.md", "a/ok.excalidraw.md", "a/private/z.md", "private/sub/y.md", "private/x.md", "templates/t.md", "top.md"}},
		{"a/*", []string{"Rules/c.md", "Rules/d.png", "a/private/z.md", "private/sub/y.md", "private/x.md", "templates/t.md", "top.md"}},
		{"**/*.excalidraw.md", []string{"Rules/c.md", "Rules/d.png", "a/b.md", "a/private/z.md", "private/sub/y.md", "private/x.md", "templates/t.md", "top.md"}},
		{"templates/**", []string{"Rules/c.md", "Rules/d.png", "a/b.md", "a/ok.excalidraw.md", "a/private/z.md", "private/sub/y.md", "private/x.md", "top.md"}},
		{"priv*", files},
		{"{a,Rules}", []string{"private/sub/y.md", "private/x.md", "templates/t.md", "top.md"}},
		{"PRIVATE", files},
		{"a/**", []string{"Rules/c.md", "Rules/d.png", "private/sub/y.md", "private/x.md", "templates/t.md", "top.md"}},
		{"*", []string{"Rules/c.md", "Rules/d.png", "a/b.md", "a/ok.excalidraw.md", "a/private/z.md", "private/sub/y.md", "private/x.md", "templates/t.md"}},
		{"**/*.png", []string{"Rules/c.md", "a/b.md", "a/ok.excalidraw.md", "a/private/z.md", "private/sub/y.md", "private/x.md", "templates/t.md", "top.md"}},
		{"a/b.md", []string{"Rules/c.md", "Rules/d.png", "a/ok.excalidraw.md", "a/private/z.md", "private/sub/y.md", "private/x.md", "templates/t.md", "top.md"}},
		{"b.md", files},
		{"**/sub", []string{"Rules/c.md", "Rules/d.png", "a/b.md", "a/ok.excalidraw.md", "a/private/z.md", "private/x.md", "templates/t.md", "top.md"}},
		{"*/private", []string{"Rules/c.md", "Rules/d.png", "a/b.md", "a/ok.excalidraw.md", "private/sub/y.md", "private/x.md", "templates/t.md", "top.md"}},
	}
	for _, tt := range tests {
		t.Run(tt.pattern, func(t *testing.T) {
			var kept []string
			for _, f := range files {
				if !ignoredPath(tt.pattern, f) {
					kept = append(kept, f)
				}
			}
			if !slices.Equal(kept, tt.kept) {
				t.Errorf("kept %v\nwant %v", kept, tt.kept)
			}
		})
	}
}

// ignoredPath reports whether the pattern leaves out the file or a folder
// on its way, as a walk of the content does.
func ignoredPath(pattern, rel string) bool {
	ignored := Config{Ignore: []string{pattern}}.Ignored()
	for i := range len(rel) {
		if rel[i] == '/' && ignored(rel[:i], true) {
			return true
		}
	}
	return ignored(rel, false)
}

// The strategies of CrawlLinks' markdownLinkResolution
// (https://quartz.jzhao.xyz/plugins/CrawlLinks): "absolute: Path relative
// to the root of the content folder", "relative: Path relative to the
// file you are linking from", "shortest: Name of the file. If this isn't
// enough to identify the file, use the full absolute path." Slugs match
// exactly, case included (transformLink compares slugs with ===).
func TestResolve(t *testing.T) {
	ix := NewIndex([]string{
		"index.md", "Rules/Combat Basics.md", "Rules/index.md", "Rules/Dice.md", "Magic/Dice.md",
		"Magic/Spells/Fire.md", "Maps/Old Map.png", "Bestiary/Goblin.md", "Magic/Old Spells/Frost.md",
	}, map[string][]string{"Bestiary/Goblin.md": {"Gobbo"}, "Magic/Dice.md": {"The Curse"}, "Magic/Spells/Fire.md": {"The Curse"}})
	tests := []struct {
		strategy, from, dest string
		want                 Target
		ok                   bool
	}{
		{"shortest", "index.md", "Combat Basics", Target{Rel: "Rules/Combat Basics.md"}, true},
		{"shortest", "index.md", "Combat%20Basics.md", Target{Rel: "Rules/Combat Basics.md"}, true},
		{"shortest", "index.md", "Combat-Basics", Target{Rel: "Rules/Combat Basics.md"}, true},
		{"shortest", "index.md", "combat basics", Target{}, false},    // case counts
		{"shortest", "Magic/Spells/Fire.md", "Dice", Target{}, false}, // two notes named Dice: the path from the root, Dice.md, does not exist
		{"shortest", "Magic/Spells/Fire.md", "Magic/Dice", Target{Rel: "Magic/Dice.md"}, true},
		{"shortest", "index.md", "Fire", Target{Rel: "Magic/Spells/Fire.md"}, true},
		{"shortest", "index.md", "Old Map.png", Target{Rel: "Maps/Old Map.png"}, true},
		{"shortest", "index.md", "Gobbo", Target{Rel: "Bestiary/Goblin.md"}, true}, // an alias
		// Two notes with one alias: Quartz writes both redirects at its
		// slug, the later one last.
		{"shortest", "index.md", "The Curse", Target{Rel: "Magic/Spells/Fire.md"}, true},
		{"shortest", "index.md", "Rules", Target{Rel: "Rules/index.md"}, true},
		{"shortest", "index.md", "Rules/", Target{Rel: "Rules/index.md"}, true},
		{"shortest", "Rules/Dice.md", "Magic", Target{Folder: "Magic", IsFolder: true}, true},
		{"shortest", "index.md", "Magic/Old Spells", Target{Folder: "Magic/Old Spells", IsFolder: true}, true},
		{"shortest", "Magic/Dice.md", "./Combat Basics", Target{Rel: "Rules/Combat Basics.md"}, true}, // ./ is dropped: by its name
		{"shortest", "Magic/Dice.md", "../Fire", Target{}, false},                                     // ../ is dropped, not by name: Fire from the root
		{"absolute", "Magic/Spells/Fire.md", "Rules/Dice.md", Target{Rel: "Rules/Dice.md"}, true},
		{"absolute", "Magic/Spells/Fire.md", "Fire", Target{}, false},
		{"absolute", "Rules/Dice.md", "../Magic/Dice.md", Target{Rel: "Magic/Dice.md"}, true},
		{"relative", "Magic/Spells/Fire.md", "../Dice.md", Target{Rel: "Magic/Dice.md"}, true},
		{"relative", "Magic/Spells/Fire.md", "Fire", Target{Rel: "Magic/Spells/Fire.md"}, true},
		{"relative", "Rules/index.md", "Dice", Target{Rel: "Rules/Dice.md"}, true},
		{"relative", "Rules/Dice.md", "Rules/Dice", Target{}, false},
		{"relative", "Rules/Dice.md", "../", Target{Rel: "index.md"}, true},
	}
	for _, tt := range tests {
		got, ok := ix.Resolve(tt.strategy, tt.from, tt.dest)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s from %s: %q = %+v %v, want %+v %v", tt.strategy, tt.from, tt.dest, got, ok, tt.want, tt.ok)
		}
	}
}

// Titles: "title: Title of the page. If it isn't provided, Quartz will
// use the name of the file as the title."
// (https://quartz.jzhao.xyz/authoring-content); a folder's "Display
// names for folders get determined by the title frontmatter field in
// folder/index.md ... If this file does not exist or does not contain
// frontmatter, the local folder name will be used instead."
// (https://quartz.jzhao.xyz/features/explorer): that is the folder's name
// (FolderTitle); its index.md's own title is its file name, "index"
// (frontmatter.ts: "data.title = file.stem ?? …propertyDefaults.title"),
// the root's index.md too, and the page FolderPage
// makes for a folder without one "Folder: " and the folder's slug.
func TestTitle(t *testing.T) {
	r := Rules{}
	for _, tt := range []struct {
		rel, want string
		ok        bool
	}{
		{"Rules/combat_basics-2.md", "combat_basics-2", true},
		{"Why Dice?.md", "Why Dice?", true},
		{"Rules/index.md", "index", true},
		{"index.md", "index", true}, // the root's too: file.stem
	} {
		got, ok := r.Title(tt.rel)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Title(%q) = %q %v, want %q %v", tt.rel, got, ok, tt.want, tt.ok)
		}
	}
	if got := r.FolderTitle("Rules/old_notes"); got != "old_notes" {
		t.Errorf("FolderTitle = %q", got)
	}
	if got := r.FolderPageTitle("Old Rules/Hit & Run"); got != "Folder: Old-Rules/Hit--and--Run" {
		t.Errorf("FolderPageTitle = %q", got)
	}
}

// TestWordsFor: the words of Quartz's list pages are the locale's
// ("i18n(cfg.locale).pages.folderContent.folder", tagContent.tag and
// tagIndex; quartz/i18n/locales/de-DE.ts: folder: "Ordner", tagIndex:
// "Tag-Übersicht"), en-US's for a locale not carried, and before 4.2
// (no i18n) English, 4.0.x titling a tag's page `Tag: #${tag}` and its
// list of tags, tag "index" beside a test for "", "Tag: #index".
func TestWordsFor(t *testing.T) {
	for _, tt := range []struct {
		locale, version       string
		folder, tag, tagIndex string
	}{
		{"en-US", "4.5.1", "Folder: A", "Tag: x", "Tag Index"},
		{"de-DE", "4.5.1", "Ordner: A", "Tag: x", "Tag-Übersicht"},
		{"fr-FR", "", "Dossier: A", "Étiquette: x", "Index des étiquettes"},
		{"ja-JP", "4.4.0", "フォルダ: A", "タグ: x", "タグ一覧"},
		{"xx-YY", "4.5.1", "Folder: A", "Tag: x", "Tag Index"},
		{"de-DE", "4.0.8", "Folder: A", "Tag: #x", "Tag: #index"},
		{"fr-FR", "4.1.3", "Folder: A", "Tag: x", "Tag Index"},
		{"es-ES", "5.0.0", "Carpeta: A", "Etiqueta: x", "Índice de Etiquetas"},
	} {
		w := WordsFor(tt.locale, tt.version)
		got := []string{Rules{Words: w}.FolderPageTitle("A"), w.TagTitle("x"), w.TagIndexTitle()}
		want := []string{tt.folder, tt.tag, tt.tagIndex}
		if !slices.Equal(got, want) {
			t.Errorf("%s %s: %q, want %q", tt.locale, tt.version, got, want)
		}
	}
}

// TestCollateText: PageList compares titles with a plain
// "f1Title.localeCompare(f2Title)": not numeric, so "10 magic" sorts
// before "2 dice", where the Explorer's numeric order has it after.
func TestCollateText(t *testing.T) {
	for _, tt := range []struct {
		a, b        string
		text, names int
	}{
		{"10 magic", "2 dice", -1, 1},
		{"apple", "Banana", -1, -1},
		{"éclair", "eclairs", -1, -1},
		{"a b", "a-b", -1, -1},
	} {
		if got := CollateText(tt.a, tt.b); got != tt.text {
			t.Errorf("CollateText(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.text)
		}
		if got := Collate(tt.a, tt.b); got != tt.names {
			t.Errorf("Collate(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.names)
		}
	}
}

// TestListDate: the date a list orders a note by, as CreatedModifiedDate
// sets it ("created ||= file.data.frontmatter.date; modified ||=
// …lastmod; …updated; …["last-modified"]; published ||= …publishDate",
// then git and the file system) and getDate reads it by defaultDateType.
func TestListDate(t *testing.T) {
	file := time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)
	day := func(s string) time.Time { d, _ := time.Parse("2006-01-02", s); return d }
	for _, tt := range []struct {
		which string
		meta  map[string]any
		want  time.Time
		noGit bool // priority: ["frontmatter", "filesystem"]
	}{
		{"modified", map[string]any{"lastmod": "2023-01-02", "updated": "2022-01-01"}, day("2023-01-02"), false},
		{"modified", map[string]any{"updated": "2022-01-01"}, day("2022-01-01"), false},
		{"modified", map[string]any{"date": "2021-01-01"}, file, false},
		{"created", map[string]any{"date": "2021-01-01"}, day("2021-01-01"), false},
		{"created", nil, notYet, false}, // birthtime: a fresh checkout's is the build's moment
		{"published", map[string]any{"publishDate": "2020-03-04"}, day("2020-03-04"), false},
		{"published", nil, notYet, false},
		{"modified", map[string]any{"lastmod": "not a date"}, notYet, false},
		{"modified", nil, file, false},
		{"modified", nil, notYet, true}, // a fresh checkout's mtime
		{"modified", map[string]any{"updated": "2022-01-01"}, day("2022-01-01"), true},
	} {
		if got := ListDate(tt.which, !tt.noGit)(tt.meta, file); !got.Equal(tt.want) {
			t.Errorf("%s %v: %v, want %v", tt.which, tt.meta, got, tt.want)
		}
	}
}

// TestReadDatePriority: CreatedModifiedDate's priority ("priority:
// ["frontmatter", "git", "filesystem"]" by default, lastmod.ts) says
// whether a note's modified date may come from git.
func TestReadDatePriority(t *testing.T) {
	for _, tt := range []struct {
		plugin string
		noGit  bool
	}{
		{`Plugin.CreatedModifiedDate({ priority: ["frontmatter", "filesystem"] })`, true},
		{`Plugin.CreatedModifiedDate({ priority: ["frontmatter", "git", "filesystem"] })`, false},
		{`Plugin.CreatedModifiedDate()`, false},
	} {
		src := "const config = { configuration: { pageTitle: \"x\", defaultDateType: \"modified\" }, plugins: { transformers: [" + tt.plugin + "], filters: [], emitters: [] } }\nexport default config\n"
		c := ReadConfig([]byte(src))
		if c.NoGitDates != tt.noGit || c.DateType != "modified" {
			t.Errorf("%s: NoGitDates %v DateType %q, want %v", tt.plugin, c.NoGitDates, c.DateType, tt.noGit)
		}
	}
}
