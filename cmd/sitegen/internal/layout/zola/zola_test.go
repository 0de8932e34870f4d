package zola

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestRecognise: "The configuration file was previously named config.toml.
// Zola loads config.toml as a fallback if zola.toml does not exist" and
// "Only the base_url variable is mandatory"
// (https://www.getzola.org/documentation/getting-started/configuration/);
// Hugo's config.toml writes baseURL (any case) and is not Zola's. No
// content/ folder is a site Zola builds, from its templates alone: "The
// homepage ... is a section, which is created whether or not you add an
// _index.md file at the root of your content directory"
// (https://www.getzola.org/documentation/content/section/); sitegen builds
// its own home page and static/ (NoContent), saying so.
func TestRecognise(t *testing.T) {
	tests := []struct {
		name      string
		files     map[string]string
		zola      bool
		file      string
		want      layout.Settings
		noContent bool
	}{
		{name: "zola.toml", zola: true, file: "zola.toml",
			files: map[string]string{"zola.toml": "base_url = \"https://z.test\"\ntitle = \"Z\"\n", "content/_index.md": ""},
			want:  layout.Settings{Title: "Z", BaseURL: "https://z.test", BaseURLKey: "base_url", LanguageCode: "en"}},
		{name: "config.toml with base_url", zola: true, file: "config.toml",
			files: map[string]string{"config.toml": "base_url = \"https://z.test\"\ndefault_language = \"fr\"\n", "content/_index.md": ""},
			want:  layout.Settings{BaseURL: "https://z.test", BaseURLKey: "base_url", LanguageCode: "fr"}},
		{name: "zola.toml before config.toml", zola: true, file: "zola.toml", noContent: true,
			files: map[string]string{"zola.toml": "base_url = \"https://new.test\"\n", "config.toml": "base_url = \"https://old.test\"\n"},
			want:  layout.Settings{BaseURL: "https://new.test", BaseURLKey: "base_url", LanguageCode: "en"}},
		{name: "no title: the home section's", zola: true, file: "config.toml",
			files: map[string]string{"config.toml": "base_url = \"https://z.test\"\n", "content/_index.md": "+++\ntitle = \"Shadowdark Campaign\"\nsort_by = \"weight\"\n+++\n"},
			want:  layout.Settings{Title: "Shadowdark Campaign", BaseURL: "https://z.test", BaseURLKey: "base_url", LanguageCode: "en"}},
		{name: "no content/ folder (gensokyoeurofest.org)", zola: true, file: "zola.toml", noContent: true,
			files: map[string]string{"zola.toml": "base_url = \"https://z.test\"\n", "templates/index.html": "<p>home</p>", "static/a.css": ""},
			want:  layout.Settings{BaseURL: "https://z.test", BaseURLKey: "base_url", LanguageCode: "en"}},
		{name: "Hugo's config.toml (baseURL)", files: map[string]string{"config.toml": "baseURL = \"https://h.test/\"\ntitle = \"H\"\n", "content/_index.md": ""}},
		{name: "Hugo's config.toml (baseurl)", files: map[string]string{"config.toml": "baseurl = \"https://h.test/\"\n", "content/_index.md": ""}},
		{name: "Hugo's config.toml with no base URL", files: map[string]string{"config.toml": "title = \"H\"\n", "content/_index.md": ""}},
		{name: "both keys: not Zola's", files: map[string]string{"config.toml": "baseURL = \"https://h.test/\"\nbase_url = \"x\"\n"}},
		{name: "no settings", files: map[string]string{"content/a.md": ""}},
		{name: "someone else's broken config.toml", files: map[string]string{"config.toml": "[[[\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := layouttest.Write(t, tt.files)
			l, err := Recognise(dir)
			if err != nil {
				t.Fatal(err)
			}
			if (l != nil) != tt.zola {
				t.Fatalf("recognised %v, want %v", l != nil, tt.zola)
			}
			if l == nil {
				return
			}
			if l.Kind != layout.Zola || l.File != tt.file || l.Content != "content" || len(l.Static) != 1 || l.Static[0] != "static" {
				t.Errorf("layout %q %q %q %v", l.Kind, l.File, l.Content, l.Static)
			}
			if l.Settings != tt.want {
				t.Errorf("settings %+v, want %+v", l.Settings, tt.want)
			}
			if l.Tool() != "Zola" {
				t.Errorf("tool %q", l.Tool())
			}
			if l.NoContent != tt.noContent {
				t.Errorf("NoContent = %v, want %v", l.NoContent, tt.noContent)
			}
			if tt.noContent && !slices.ContainsFunc(l.Notes, func(n string) bool { return strings.Contains(n, "templates/") && strings.Contains(n, "not run") }) {
				t.Errorf("notes %q: want one saying templates/ are not run", l.Notes)
			}
		})
	}
}

// TestPageURL: Zola's URLs (https://www.getzola.org/documentation/content/page/,
// .../content/section/, .../content/multilingual/), each case quoting its rule.
func TestPageURL(t *testing.T) {
	tests := []struct {
		rule, rel string
		fm        map[string]any
		paths     string
		want      string
	}{
		{rule: "naming a file in the root of your content directory about.md would create a page at [base_url]/about",
			rel: "about.md", want: "/about/"},
		{rule: "If a file ending with .md is named index.md, it will generate a page with the name of its directory",
			rel: "about/index.md", want: "/about/"},
		{rule: "content/blog/cli-usage.md // -> https://mywebsite.com/blog/cli-usage/",
			rel: "blog/cli-usage.md", want: "/blog/cli-usage/"},
		{rule: "paths are slugified (slugify.paths on, the default): ability_scores is ability-scores",
			rel: "rules/ability_scores.md", want: "/rules/ability-scores/"},
		{rule: "If it is set to \"safe\" ... whitespaces are replaced by _",
			rel: "rules/Ability Scores.md", paths: SlugSafe, want: "/rules/Ability_Scores/"},
		{rule: "If slugify.paths is set to \"off\", no modifications are made",
			rel: "rules/ability_scores.md", paths: SlugOff, want: "/rules/ability_scores/"},
		{rule: "the file 2018-10-10-hello-world.md will be available at [base_url]/hello-world",
			rel: "blog/2018-10-10-hello-world.md", want: "/blog/hello-world/"},
		{rule: "the file 2018-10-10.md will be available at [base_url]/2018-10-10",
			rel: "blog/2018-10-10.md", want: "/blog/2018-10-10/"},
		{rule: "With optional whitespace, the file content/blog/2021-01-23 -hello new world.md will yield a page at [base_url]/blog/hello-new-world",
			rel: "blog/2021-01-23 -hello new world.md", want: "/blog/hello-new-world/"},
		{rule: "The output path for the page will first be read from the slug key in the page's frontmatter",
			rel: "zines/élevage-chèvre.md", fm: map[string]any{"slug": "élevage-chèvre-carrière-alternative"}, want: "/zines/elevage-chevre-carriere-alternative/"},
		{rule: "path: will override both slug and the filename. The sections' path won't be used. It should not start with a / and the slash will be removed if it does",
			rel: "rules/combat.md", fm: map[string]any{"path": "/fight", "slug": "x"}, want: "/fight/"},
		{rule: "A section ... _index.md // -> https://mywebsite.com/blog/ (its folder's path, as written)",
			rel: "Blog_Posts/_index.md", want: "/Blog_Posts/"},
		{rule: "The homepage ... is a section", rel: "_index.md", want: "/"},
		{rule: "content/an-article.fr.md: this will be in French; Zola outputs the translated content with a base URL of {base_url}/{code}/",
			rel: "rules/an-article.fr.md", want: "/fr/rules/an-article/"},
		{rule: "a translated section", rel: "rules/_index.fr.md", want: "/fr/rules/"},
		{rule: "slugify.paths \"on\": the slug crate, every run of other characters one \"-\": an apostrophe too",
			rel: "rules/Player's Guide.md", want: "/rules/player-s-guide/"},
		{rule: "slugify.paths \"on\": a file name with %27 (an apostrophe written URL-encoded) keeps its 27",
			rel: "rules/Players%27 Guide.md", want: "/rules/players-27-guide/"},
		{rule: "slugify.paths \"safe\": only <>:/|?*#\\()[] are removed: the apostrophe stays",
			rel: "rules/Player's Guide.md", paths: SlugSafe, want: "/rules/Player's_Guide/"},
		{rule: "a suffix that names no language of the settings is part of the name (slugified)",
			rel: "rules/v1.2.md", want: "/rules/v1-2/"},
	}
	for _, tt := range tests {
		r := &rules{lang: "en", langs: []string{"fr"}, paths: tt.paths, secs: &sections{}}
		if r.paths == "" {
			r.paths = SlugOn
		}
		if got := r.pageURL(tt.rel, tt.fm); got != tt.want {
			t.Errorf("%s: %s is %q, want %q", tt.rule, tt.rel, got, tt.want)
		}
	}
}

// TestSlugify: "# Something exciting! <- something-exciting", "## Example
// code <- example-code" (https://www.getzola.org/documentation/content/linking/);
// the slug crate: accents off, every other run of characters one "-".
// "By default, Zola will turn every path, taxonomies and anchors to a slug,
// an ASCII representation with no special characters"
// (https://www.getzola.org/documentation/getting-started/configuration/,
// Slugification strategies): the slug crate (0.1.6 in Zola's Cargo.lock)
// transliterates other scripts with deunicode, so 20 Chinese posts whose
// titles start "AI" get 20 URLs, not one /blog/ai/ (linxz-coder/zola-basic,
// eval15A NA1, failed with 147 duplicate URLs).
func TestSlugify(t *testing.T) {
	for in, want := range map[string]string{
		"AI 会“通融”吗？":                 "ai-hui-tong-rong-ma",
		"日本":                         "ri-ben",
		"Æsir":                       "aesir",
		"Straße":                     "strasse",
		"서울":                         "seoul",
		"Something exciting!":        "something-exciting",
		"Example code":               "example-code",
		"Spell Attributes":           "spell-attributes",
		"ability_scores":             "ability-scores",
		"Élevage -- chèvre (2e éd.)": "elevage-chevre-2e-ed",
		"A/B Testing":                "a-b-testing",
		"  lead and trail  ":         "lead-and-trail",
		// deunicode's readings where Text::Unidecode's differ or are
		// missing: 什 is "shen" before 么 "me", not "shi-yao"; 丆 "han".
		"什么是地城": "shen-me-shi-di-cheng",
		"丆":     "han",
		// Kana keep their voicing marks (ガ "ga", not "ka") and take
		// deunicode's romanisation (シ "si"); a character deunicode has
		// no reading for (・) separates words, as the slug crate writes
		// "-" for it.
		"ガイド":   "gaido",
		"シナリオ":  "sinario",
		"戦闘・魔法": "zhan-dou-mo-fa",
		"A・B":   "a-b",
		// Beyond kana and the CJK Unified Ideographs: deunicode's readings
		// (deunicode 1.6.2's deunicode_char, each value checked against
		// the crate compiled with rustc), where Text::Unidecode's differ
		// or are missing: CJK extensions A and B, Hangul, emoji by their
		// names, symbols, and a separator for a character with none.
		"Москва и Санкт-Петербург": "moskva-i-sankt-peterburg",
		"Αθήνα":         "athena",
		"مرحبا بالعالم": "mrhb-bl-lm",
		"שלום":          "shlvm",
		"สวัสดี":        "swasdii",
		"नमस्ते":        "nmste",
		"㐀㐁":            "qiutian",
		"𠀀𠀁":            "heqi",
		"한국어 규칙":        "hangugeo-gyucig",
		"🀄 tiles":       "mahjong-tiles",
		"Dice 🎲 rules":  "dice-game-die-rules",
		"\U0001FAE8x":   "shaking-face-x",
		"˥˩ tone":       "51-tone",
		"x² + yⁿ":       "x2-yn",
		"Ärger über Öl": "arger-uber-ol",
		"€ 5 — £3":      "eur-5-ps3",
		"ﬁre":           "fire",
		"①②":            "12",
		"Ｆｕｌｌ":          "full",
		"ᠮᠣᠩᠭᠣᠯ":        "monggol",
		"a\uE000b":      "a-b",
	} {
		if got := Slugify(in, SlugOn); got != want {
			t.Errorf("Slugify(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestUnpublished: "A draft page is only loaded if the --drafts flag is
// passed"; "render = false: Zola will not create a separate folder with
// index.html inside for this page"; "When a section is drafted, its
// descendants (such as pages, subsections and assets) will not be
// processed" (https://www.getzola.org/documentation/content/page/,
// .../content/section/).
func TestUnpublished(t *testing.T) {
	r := &rules{}
	tests := []struct {
		name     string
		rel      string
		meta     map[string]any
		sections []map[string]any
		want     string
	}{
		{name: "draft page", rel: "a.md", meta: map[string]any{"draft": true}, want: "draft = true (Zola)"},
		{name: "render = false", rel: "a.md", meta: map[string]any{"render": false}, want: "render = false (Zola)"},
		{name: "a page of a drafted section", rel: "s/a.md", meta: map[string]any{},
			sections: []map[string]any{{"draft": true}}, want: "draft = true in a section above (Zola)"},
		{name: "below a drafted section", rel: "s/t/a.md", meta: map[string]any{},
			sections: []map[string]any{{}, {"draft": true}}, want: "draft = true in a section above (Zola)"},
		{name: "published", rel: "s/a.md", meta: map[string]any{"render": true}, sections: []map[string]any{{"draft": false}}},
	}
	for _, tt := range tests {
		meta := tt.meta
		for k, v := range inherit(tt.rel, tt.sections) {
			if _, own := meta[k]; !own {
				meta[k] = v
			}
		}
		if got := r.unpublished(meta, tt.rel); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestShortcodes: "{{ youtube(id="dQw4w9WgXcQ") }}" without a body,
// "{% quote(author="Vincent") %}A quote{% end %}" with one; "Parentheses
// are mandatory ... A shortcode without the parentheses will render as
// plaintext"; "you will need to escape it by using {{/* and */}} instead
// of {{ and }}" (https://www.getzola.org/documentation/content/shortcodes/).
// sitegen runs no Tera template: each call is a warning at its line, a
// body is kept as Markdown, and no line moves.
func TestShortcodes(t *testing.T) {
	tests := []struct {
		name, src, want string
		warnAt          []int // the lines warned
	}{
		{name: "no body", src: "Video:\n\n{{ youtube(id=\"dQw4w9WgXcQ\", autoplay=true) }}\n\nafter\n",
			want: "Video:\n\n\n\nafter\n", warnAt: []int{3}},
		{name: "inline", src: "An inline {{ youtube(id=\"x\", class=\"y\") }} shortcode\n", want: "An inline  shortcode\n", warnAt: []int{1}},
		{name: "body kept as Markdown", src: "As someone said:\n\n{% quote(author=\"Vincent\") %}\nA **quote**\n{% end %}\n",
			want: "As someone said:\n\n\nA **quote**\n\n", warnAt: []int{3}},
		{name: "no arguments", src: "{% aside() %}\nAn aside\n{% end %}\n", want: "\nAn aside\n\n", warnAt: []int{1}},
		{name: "over several lines", src: "{{ gallery(\n  size=3,\n  tags=[\"a\", 'b'],\n) }}\nnext\n", want: "\n\n\n\nnext\n", warnAt: []int{1}},
		{name: "escaped", src: "```md\n{{/* youtube(id=\"dQw4w9WgXcQ\") */}}\n{%/* quote(author=\"V\") */%}\nq\n{%/* end */%}\n```\n",
			want: "```md\n{{ youtube(id=\"dQw4w9WgXcQ\") }}\n{% quote(author=\"V\") %}\nq\n{% end %}\n```\n"},
		{name: "no parentheses: text", src: "{{ youtube }} and {% raw %}\n", want: "{{ youtube }} and {% raw %}\n"},
		{name: "argument that is no literal: Tera text", src: "<a href=\"{{ get_url(path=asset) }}\">\n", want: "<a href=\"{{ get_url(path=asset) }}\">\n"},
		{name: "stray end: text", src: "a {% end %}\n", want: "a {% end %}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := Expand("content/a.md", []byte(tt.src), nil)
			if string(x.Src) != tt.want {
				t.Errorf("got %q, want %q", x.Src, tt.want)
			}
			if strings.Count(string(x.Src), "\n") != strings.Count(tt.src, "\n") {
				t.Errorf("lines moved: %q", x.Src)
			}
			var at []int
			for _, p := range x.Problems {
				if !p.Warning || !strings.Contains(p.Msg, "sitegen does not run") {
					t.Errorf("problem %+v", p)
				}
				at = append(at, p.Line)
			}
			if len(at) != len(tt.warnAt) || (len(at) > 0 && at[0] != tt.warnAt[0]) {
				t.Errorf("warned at lines %v, want %v", at, tt.warnAt)
			}
		})
	}
}

// TestOrder: a section's pages by its sort_by
// (https://www.getzola.org/documentation/content/section/#sorting):
// "weight ... from the lightest weight (at the top of the list) to the
// heaviest"; "date ... from the most recent (at the top of the list) to
// the oldest"; "title ... in natural lexical order"; "If several pages
// have the same date/weight/order, their permalink will be used to break
// the tie"; "sections can only be sorted by weight". shadowdark_campaign's
// misc/ sorts by title pages that also set weights: the weights do not
// count there.
func TestOrder(t *testing.T) {
	dir := layouttest.Write(t, map[string]string{
		"config.toml":              "base_url = \"https://z.test\"\n",
		"content/misc/_index.md":   "+++\ntitle = \"Misc\"\nsort_by = \"title\"\nweight = 4\n+++\n",
		"content/rules/_index.md":  "+++\ntitle = \"Rules\"\nsort_by = \"weight\"\nweight = 3\n+++\n",
		"content/blog/_index.md":   "+++\nsort_by = \"date\"\n+++\n",
		"content/notes/_index.md":  "+++\ntitle = \"Notes\"\n+++\n",
		"content/bytes/_index.md":  "+++\nsort_by = \"title_bytes\"\n+++\n",
		"content/hidden/_index.md": "+++\nrender = false\n+++\n",
	})
	l, err := Recognise(dir)
	if err != nil || l == nil {
		t.Fatal(l, err)
	}
	type page struct {
		rel string
		fm  map[string]any
	}
	place := func(p page) layout.Page { return l.Rules.Page(p.rel, p.fm) }
	less := func(a, b layout.Page) bool {
		if a.HasPosition != b.HasPosition {
			return a.HasPosition
		}
		if a.Position != b.Position {
			return a.Position < b.Position
		}
		return a.SortName < b.SortName
	}
	tests := []struct {
		name          string
		first, second page
	}{
		{"title, whatever the weights", page{"misc/character_creation.md", map[string]any{"title": "Character Creation", "weight": int64(1)}},
			page{"misc/player_characters.md", map[string]any{"title": "Player Characters"}}},
		{"title before weight", page{"misc/player_characters.md", map[string]any{"title": "Player Characters"}},
			page{"misc/basics.md", map[string]any{"title": "Ruleset Basics", "weight": int64(2)}}},
		{"weight", page{"rules/spellcasting.md", map[string]any{"title": "Spellcasting", "weight": int64(1)}},
			page{"rules/cleric_spells.md", map[string]any{"title": "Cleric Spells", "weight": int64(2)}}},
		{"weight tie: permalink", page{"rules/house-rules.md", map[string]any{"title": "A House Rules", "weight": int64(1)}},
			page{"rules/zz.md", map[string]any{"title": "Character", "weight": int64(1)}}},
		{"weight missing: after", page{"rules/zz.md", map[string]any{"weight": int64(9)}}, page{"rules/aa.md", map[string]any{}}},
		{"date: newest first", page{"blog/new.md", map[string]any{"date": "2024-05-01"}}, page{"blog/old.md", map[string]any{"date": "2020-01-01"}}},
		{"title: natural, Spell 2 before Spell 10", page{"misc/s2.md", map[string]any{"title": "Spell 2"}}, page{"misc/s10.md", map[string]any{"title": "Spell 10"}}},
		{"title: case ignored, apple before Banana", page{"misc/z.md", map[string]any{"title": "apple"}}, page{"misc/a.md", map[string]any{"title": "Banana"}}},
		{"title_bytes: bytes, Spell 10 before Spell 2", page{"bytes/s10.md", map[string]any{"title": "Spell 10"}}, page{"bytes/s2.md", map[string]any{"title": "Spell 2"}}},
		{"none: weight then title", page{"notes/b.md", map[string]any{"title": "B", "weight": int64(1)}}, page{"notes/a.md", map[string]any{"title": "A"}}},
	}
	for _, tt := range tests {
		a, b := place(tt.first), place(tt.second)
		if !less(a, b) || less(b, a) {
			t.Errorf("%s: %s (%+v) is not before %s (%+v)", tt.name, tt.first.rel, a, tt.second.rel, b)
		}
	}
	rules, _ := l.Rules.Folder("rules")
	misc, _ := l.Rules.Folder("misc")
	if !less(rules, misc) {
		t.Errorf("section weights: rules (3) %+v not before misc (4) %+v", rules, misc)
	}
	if f, _ := l.Rules.Folder("hidden"); !f.NoPage {
		t.Errorf("a section with render = false has a page")
	}
	if f, _ := l.Rules.Folder("nowhere"); !f.NoPage {
		t.Errorf("a folder without _index.md has a page")
	}
}

// TestRedirect: "redirect_to: This determines whether to redirect when a
// user lands on the section ... Example: redirect_to =
// "documentation/content/overview""
// (https://www.getzola.org/documentation/content/section/#front-matter).
// The page at that path gets the section's URL as an alias (the redirect
// sitegen writes), the section no page; a chain ends at a page; another
// site's address and a path no file has are left alone. The home
// section's makes the page it names the home page.
func TestRedirect(t *testing.T) {
	dir := layouttest.Write(t, map[string]string{
		"config.toml":                                       "base_url = \"https://z.test\"\n",
		"content/_index.md":                                 "+++\nredirect_to = \"home\"\n+++\n",
		"content/home/_index.md":                            "+++\ntitle = \"Home\"\nweight = 1\n+++\n",
		"content/documentation/_index.md":                   "+++\nredirect_to = \"documentation/getting-started/\"\n+++\n",
		"content/documentation/getting-started/_index.md":   "+++\nredirect_to = \"documentation/getting-started/overview\"\n+++\n",
		"content/documentation/getting-started/overview.md": "+++\ntitle = \"Overview\"\n+++\n",
		"content/rules/_index.md":                           "+++\nredirect_to = \"/\"\n+++\n",
		"content/rules/ability_scores.md":                   "",
		"content/classes/_index.md":                         "+++\nredirect_to = \"rules/ability-scores\"\n+++\n",
		"content/away/_index.md":                            "+++\nredirect_to = \"https://elsewhere.test/\"\n+++\n",
		"content/lost/_index.md":                            "+++\nredirect_to = \"nowhere/at/all\"\n+++\n",
	})
	l, err := Recognise(dir)
	if err != nil || l == nil {
		t.Fatal(l, err)
	}
	for rel, want := range map[string]string{
		"documentation/getting-started/overview.md": "[/documentation/ /documentation/getting-started/]",
		"_index.md":               "[/rules/]",
		"rules/ability_scores.md": "[/classes/]",
		"home/_index.md":          "[/home/]",
		"away/_index.md":          "map[]",
		"lost/_index.md":          "map[]",
	} {
		got := fmt.Sprint(l.Defaults(rel)["aliases"])
		if want == "map[]" {
			want = "<nil>"
		}
		if got != want {
			t.Errorf("aliases of %s: %s, want %s", rel, got, want)
		}
	}
	for dir, redirects := range map[string]bool{"documentation": true, "rules": true, "classes": true, "away": false, "lost": false} {
		f, _ := l.Rules.Folder(dir)
		why := l.Unpublished(map[string]any{}, dir+"/_index.md")
		if f.NoPage != redirects || (why != "") != redirects {
			t.Errorf("%s: no page %v, unpublished %q; want the redirect %v", dir, f.NoPage, why, redirects)
		}
	}
	// The home section's redirect_to (mage-iceland's "home"): the page it
	// names is the home page, a redirect at its own URL.
	if why := l.Unpublished(map[string]any{}, "_index.md"); l.Home != "home/_index.md" || why == "" || l.Rules.Page("home/_index.md", nil).URL != "/" {
		t.Errorf("home %q, the home section unpublished %q, home/ at %q", l.Home, why, l.Rules.Page("home/_index.md", nil).URL)
	}
	x := l.Expand("content/a.md", []byte("[c](@/classes/_index.md#x) [d](@/documentation/_index.md) [r](@/rules/ability_scores.md)\n"), nil)
	if want := "[c](@/rules/ability_scores.md#x) [d](@/documentation/getting-started/overview.md) [r](@/rules/ability_scores.md)\n"; string(x.Src) != want {
		t.Errorf("links: %q, want %q", x.Src, want)
	}
}

// TestRedirectHomeSection: the home section's redirect_to naming a
// section that has pages of its own (tinyops-ru/tinydocs-zola-theme:
// redirect_to = "intro", content/intro/ holding five pages). Zola writes
// "a redirect page at the section's URL" (/ to /intro/) and renders the
// intro section at /intro/. sitegen makes the section's text the home
// page; /intro/ stays the section of folder content/intro/ (its pages'
// list), so the home page takes no alias there: an alias would be a
// second page at /intro/, a duplicate URL where Zola builds the site.
// A section with no pages (mage-iceland's home/) is not a folder page
// of its own, and its URL is the home page's alias.
func TestRedirectHomeSection(t *testing.T) {
	for _, c := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"section with pages", map[string]string{
			"content/intro/_index.md":          "+++\ntitle = \"Intro\"\n+++\n",
			"content/intro/getting-started.md": "+++\ntitle = \"Start\"\n+++\n",
		}, "<nil>"},
		{"section with a subsection", map[string]string{
			"content/intro/_index.md":        "+++\ntitle = \"Intro\"\n+++\n",
			"content/intro/deeper/_index.md": "+++\ntitle = \"Deeper\"\n+++\n",
		}, "<nil>"},
		{"section alone", map[string]string{
			"content/intro/_index.md": "+++\ntitle = \"Intro\"\n+++\n",
		}, "[/intro/]"},
	} {
		files := map[string]string{
			"config.toml":       "base_url = \"https://z.test\"\n",
			"content/_index.md": "+++\nredirect_to = \"intro\"\n+++\n",
		}
		for k, v := range c.files {
			files[k] = v
		}
		l, err := Recognise(layouttest.Write(t, files))
		if err != nil || l == nil {
			t.Fatal(l, err)
		}
		if l.Home != "intro/_index.md" {
			t.Errorf("%s: home %q", c.name, l.Home)
		}
		if got := fmt.Sprint(l.Defaults("intro/_index.md")["aliases"]); got != c.want {
			t.Errorf("%s: aliases of the home page %s, want %s", c.name, got, c.want)
		}
	}
}

// TestTemplateNote is issue 32, NB9 (vallode/mhfu-blacksmith: 47 pages
// whose text its Tera templates write, published as title and description
// with no word why). "template: Template to use to render this section
// page"; "page_template: Apply the given template to ALL pages below the
// section, recursively. If you have several nested sections each with a
// page_template set, the page will always use the closest to itself.
// However, a page own `template` variable will always have priority"
// (https://www.getzola.org/documentation/content/section/#front-matter).
// A page with no text of its own whose template is named is a warning
// naming that template, at the template line; a page with text, or with
// no template named, is none.
func TestTemplateNote(t *testing.T) {
	dir := layouttest.Write(t, map[string]string{
		"config.toml":                  "base_url = \"https://z.test\"\n",
		"content/_index.md":            "+++\npage_template = \"root.html\"\n+++\n",
		"content/blacksmith/_index.md": "+++\ntitle = \"Blacksmith\"\n+++\n",
		"content/blacksmith/great-sword/_index.md": "+++\ntitle = \"Great sword weapon tree\"\ntemplate = \"weapon-tree.html\"\n" +
			"page_template = \"weapon.html\"\n[extra]\nmap = [[\"Buster Sword\"]]\n+++\n",
		"content/monsters/_index.md": "---\ntitle: Monsters\n---\n",
	})
	l, err := Recognise(dir)
	if err != nil || l == nil {
		t.Fatal(l, err)
	}
	tests := []struct {
		name, file, src string
		line            int
		want            string // in the message; "" for no warning
	}{
		{"section template", "content/blacksmith/great-sword/_index.md",
			"+++\ntitle = \"Great sword weapon tree\"\ntemplate = \"weapon-tree.html\"\npage_template = \"weapon.html\"\n+++\n\n", 3, "templates/weapon-tree.html"},
		{"closest page_template", "content/blacksmith/great-sword/buster.md", "+++\ntitle = \"Buster Sword\"\n+++\n", 1,
			"templates/weapon.html (the page_template of content/blacksmith/great-sword/_index.md"},
		{"page in its own folder", "content/blacksmith/great-sword/bone/index.md", "+++\ntitle = \"Bone\"\n+++\n", 1, "templates/weapon.html"},
		{"the page's own template first", "content/blacksmith/great-sword/x.md", "+++\ntemplate = \"odd.html\"\n+++\n", 2, "templates/odd.html"},
		{"the home section's page_template", "content/monsters/rathalos.md", "---\ntitle: Rathalos\n---\n", 1, "templates/root.html"},
		{"YAML template", "content/monsters/_index.md", "---\ntitle: Monsters\ntemplate: monster-list.html\n---\n", 3, "templates/monster-list.html"},
		{"text of its own", "content/blacksmith/great-sword/_index.md", "+++\ntemplate = \"weapon-tree.html\"\n+++\nThe tree.\n", 0, ""},
		{"no template", "content/blacksmith/_index.md", "+++\ntitle = \"Blacksmith\"\n+++\n", 0, ""},
		// Zola's Library::populate_sections gives a page the closest
		// page_template of its ancestors, the sections its parent
		// section's chain holds: a page of a folder with no _index.md
		// (an orphan page) has none, and is rendered with page.html.
		{"orphan page: no page_template", "content/blacksmith/great-sword/notes/draft.md", "+++\ntitle = \"Notes\"\n+++\n", 0, ""},
		{"orphan page in its own folder", "content/blacksmith/great-sword/notes/bone/index.md", "+++\ntitle = \"Bone\"\n+++\n", 0, ""},
		{"orphan page's own template", "content/blacksmith/great-sword/notes/odd.md", "+++\ntitle = \"Odd\"\ntemplate = \"odd.html\"\n+++\n", 3, "templates/odd.html"},
		// A template key of [extra] is the page's data, not its template.
		{"template in [extra]", "content/monsters/gore.md", "+++\ntitle = \"Gore\"\n[extra]\ntemplate = \"card.html\"\n+++\n", 1, "templates/root.html"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := l.Expand(tt.file, []byte(tt.src), nil)
			var got []layout.Problem
			for _, p := range x.Problems {
				if strings.Contains(p.Msg, "no text of its own") {
					got = append(got, p)
				}
			}
			if tt.want == "" {
				if len(got) > 0 {
					t.Errorf("warned %+v", got)
				}
				return
			}
			if len(got) != 1 || !strings.Contains(got[0].Msg, tt.want) || got[0].Line != tt.line || !got[0].Warning {
				t.Errorf("problems %+v, want one warning at line %d naming %s", got, tt.line, tt.want)
			}
		})
	}
}

// TestFrontMatter: "The TOML front matter is a set of metadata embedded
// in a file at the beginning of the file enclosed by triple pluses (+++)";
// "YAML front matter is also supported ... enclosed by triple minuses"
// (https://www.getzola.org/documentation/content/page/#front-matter);
// Zola's split.rs regexes start "^[[:space:]]*\+\+\+": blank lines may
// come first. The rule is package frontspan's (Options TOML, Leading).
func TestFrontMatter(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"toml", "+++\ntitle = \"A\"\n+++\ntext\n", "map[title:A]"},
		{"yaml", "---\ntitle: A\n---\n", "map[title:A]"},
		{"blank lines first", "\n\n  \n+++\ntitle = \"A\"\n+++\n", "map[title:A]"},
		{"byte order mark", "\ufeff+++\ntitle = \"A\"\n+++\n", "map[title:A]"},
		{"crlf", "+++\r\ntitle = \"A\"\r\n+++\r\n", "map[title:A]"},
		{"spaces after the closing line", "+++\ntitle = \"A\"\n+++  \n", "map[title:A]"},
		{"not closed", "+++\ntitle = \"A\"\n", "map[]"},
		{"bad toml", "+++\ntitle = \n+++\n", "map[]"},
		{"none", "# A\n", "map[]"},
		{"a longer run is no delimiter", "++++\ntitle = \"A\"\n++++\n", "map[]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := fmt.Sprint(frontMatter([]byte(tt.src))); got != tt.want {
				t.Errorf("frontMatter = %s, want %s", got, tt.want)
			}
		})
	}
}

// TestDeunicodeTable checks deunicode.bin's layout (gendeunicode): runs
// of code points in order, each reading id in range, readings laid end to
// end over the whole text, every one a slug crate's view (lower case
// letters, digits and single "-").
func TestDeunicodeTable(t *testing.T) {
	s := deunicodeBin
	nruns := int(le32(s, 0))
	idsAt := 4 + 8*nruns
	nids := int(le32(s, idsAt))
	offsAt := idsAt + 4 + 2*nids
	noffs := int(le32(s, offsAt))
	textAt := offsAt + 4 + 4*noffs
	if nruns == 0 || nids == 0 || noffs < 2 || textAt > len(s) {
		t.Fatalf("runs %d, ids %d, offsets %d, text at %d of %d", nruns, nids, noffs, textAt, len(s))
	}
	last := uint32(0x7F)
	for i := range nruns {
		first, base := le32(s, 4+8*i), le32(s, 4+8*i+4)
		if first <= last || int(base) >= nids || i == 0 && base != 0 {
			t.Fatalf("run %d: first %U after %U, base %d of %d ids", i, first, last, base, nids)
		}
		last = first
	}
	for i := range nids {
		if id := int(s[idsAt+4+2*i]) | int(s[idsAt+4+2*i+1])<<8; id >= noffs-1 {
			t.Fatalf("id %d: reading %d of %d", i, id, noffs-1)
		}
	}
	for i := range noffs - 1 {
		a, b := le32(s, offsAt+4+4*i), le32(s, offsAt+4+4*i+4)
		if a > b || textAt+int(b) > len(s) {
			t.Fatalf("reading %d: [%d, %d) of %d", i, a, b, len(s)-textAt)
		}
		for _, c := range s[textAt+int(a) : textAt+int(b)] {
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
				t.Fatalf("reading %d: %q", i, s[textAt+int(a):textAt+int(b)])
			}
		}
	}
	if end := le32(s, offsAt+4+4*(noffs-1)); textAt+int(end) != len(s) {
		t.Errorf("the readings end at %d, the file at %d", textAt+int(end), len(s))
	}
}

// BenchmarkSlugify slugs titles in four scripts.
func BenchmarkSlugify(b *testing.B) {
	titles := []string{"Spell Attributes", "什么是地城", "Москва и Санкт-Петербург", "Élevage -- chèvre (2e éd.)"}
	for b.Loop() {
		for _, s := range titles {
			Slugify(s, SlugOn)
		}
	}
}

// TestShortcodeTemplates: a site's own shortcodes ("Zola will look for
// the shortcode in the templates/shortcodes directory", .md for
// "Markdown-based shortcodes" whose output is read as Markdown, .html for
// HTML ones, https://www.getzola.org/documentation/content/shortcodes/)
// are applied when their Tera is plain substitution: {{ arg }} and, in a
// shortcode with a body, {{ body }} ("the body ... available as the body
// variable"), with safe, markdown and trim, and {% if arg %} … {% else %}
// … {% endif %} ("undefined ... evaluates to false" in an if); a value in an .html template
// without | safe is escaped, as Tera's autoescape does. Other Tera keeps
// the call's warning, naming the template's file and line.
func TestShortcodeTemplates(t *testing.T) {
	tmpl := map[string]string{
		"templates/shortcodes/dice.md":     "**{{ n }}d6** ({{ why }})",
		"templates/shortcodes/note.html":   "<div class=\"note\">\n<strong>{{ title }}</strong>\n\n{{ body | markdown | safe }}\n</div>\n",
		"templates/shortcodes/esc.html":    "<span title=\"{{ t }}\">{{ t }}</span>",
		"templates/shortcodes/loop.html":   "<ul>\n{% for x in items %}<li>{{ x }}</li>{% endfor %}\n</ul>\n",
		"templates/shortcodes/url.html":    "<a href=\"{{ get_taxonomy_url(kind=\"tags\", name=p) }}\">x</a>",
		"templates/shortcodes/missing.md":  "{{ nope }}",
		"templates/shortcodes/raw.html":    "<b>{{ body | safe }}</b>",
		"templates/shortcodes/adm.html":    "<div class=\"adm {% if class %}{{ class }}{% else %}plain{% endif %}\">{% if title %}<b>{{ title }}</b>{% endif %}</div>",
		"templates/shortcodes/nested.html": "{% if a %}{% if b %}x{% endif %}{% endif %}",
		"templates/shortcodes/upper.html":  "{{ t | rot13 }}",
		// Nooberieno/DnD-Homebrew's spell_header.html, in short.
		"templates/shortcodes/slots.html": "<th colspan={{space}}></th>\n{% if progress == \"full\" %}\n<th>9</th>\n{% elif progress == \"1/2\" %}\n<th>5</th>\n{% else %}\n<th>3</th>\n{% endif %}",
		"templates/shortcodes/neg.html":   "{% if not title %}untitled{% elif n != 2 %}{{ title }}{% endif %}",
		"templates/shortcodes/cmp.html":   "{% if n < 3 %}small{% endif %}",
	}
	read := func(f string) ([]byte, error) {
		if s, ok := tmpl[f]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	for _, tt := range []struct {
		name, src, want string
		warn            string // a warning's words, "" for none
		warnLine        int
	}{
		{"markdown shortcode", "Roll {{ dice(n=3, why=\"to hit\") }} now.\n", "Roll **3d6** (to hit) now.\n", "", 0},
		{"html with a Markdown body", "a\n\n{% note(title=\"Careful\") %}\nA *grave* matter.\n{% end %}\n\nb\n",
			"a\n\n<div class=\"note\">\n<strong>Careful</strong>\n\n\nA *grave* matter.\n\n\n</div>\n\nb\n", "", 0},
		{"html escapes a value", "{{ esc(t=\"<a & 'b'>\") }}\n", "<span title=\"&lt;a &amp; &#x27;b&#x27;&gt;\">&lt;a &amp; &#x27;b&#x27;&gt;</span>\n", "", 0},
		{"safe body", "x {% raw() %}bold{% end %} y\n", "x <b>bold</b> y\n", "", 0},
		{"a loop over a number: warned at the template's line", "\n{{ loop(items=1) }}\n", "\n\n", "templates/shortcodes/loop.html:2 has {% for %} over a number", 2},
		{"a function sitegen does not run", "{{ url(p=\"a\") }}\n", "\n", "templates/shortcodes/url.html:1 has the function get_taxonomy_url()", 1},
		{"a value not given", "{{ missing() }}\n", "\n", "{{ nope }}, a value the call does not give", 1},
		{"a filter sitegen does not run", "{{ upper(t=\"a\") }}\n", "\n", "the filter rot13", 1},
		{"if on an argument given", "{{ adm(class=\"warn\", title=\"T\") }}\n", "<div class=\"adm warn\"><b>T</b></div>\n", "", 0},
		{"if on an argument not given: else", "{{ adm() }}\n", "<div class=\"adm plain\"></div>\n", "", 0},
		{"nested ifs, inner first", "{{ nested(a=1, b=true) }} {{ nested(a=1) }}\n", "x \n", "", 0},
		// Tera: "Conditionals are fully supported and are identical to
		// the ones in Python. {% if price < 10 or always_show %} ... {% elif
		// price > 1000 and not rich %} ... {% else %} ... {% endif %}";
		// "==: checks if the values are equal; !=: checks if the values are
		// different" (https://keats.github.io/tera/docs/#if,
		// #comparisons).
		{"elif and ==: the first branch", "{{ slots(space=3, progress=\"full\") }}\n", "<th colspan=3></th>\n<th>9</th>\n", "", 0},
		{"elif and ==: an elif branch", "{{ slots(space=3, progress=\"1/2\") }}\n", "<th colspan=3></th>\n<th>5</th>\n", "", 0},
		{"elif and ==: else", "{{ slots(space=3, progress=\"third\") }}\n", "<th colspan=3></th>\n<th>3</th>\n", "", 0},
		{"not and !=", "{{ neg() }} {{ neg(title=\"T\", n=1) }} {{ neg(title=\"T\", n=2) }}\n", "untitled T \n", "", 0},
		{"another comparison", "{{ cmp(n=1) }} {{ cmp(n=3) }}\n", "small \n", "", 0},
		{"no template: as before", "{{ youtube(id=\"x\") }}\n", "\n", "which sitegen does not run", 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			x := Expand("content/a.md", []byte(tt.src), read)
			if string(x.Src) != tt.want {
				t.Errorf("got %q, want %q", x.Src, tt.want)
			}
			var msgs []string
			for _, p := range x.Problems {
				msgs = append(msgs, fmt.Sprintf("%d: %s", p.Line, p.Msg))
			}
			if tt.warn == "" && len(msgs) > 0 || tt.warn != "" && (len(msgs) != 1 || !strings.Contains(msgs[0], tt.warn) || x.Problems[0].Line != tt.warnLine) {
				t.Errorf("warnings %q, want one at line %d with %q", msgs, tt.warnLine, tt.warn)
			}
			if x.Lines != nil && len(x.Lines) != strings.Count(string(x.Src), "\n")+1 {
				t.Errorf("Lines %v for %q", x.Lines, x.Src)
			}
		})
	}
}
