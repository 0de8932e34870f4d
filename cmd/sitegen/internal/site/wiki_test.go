package site

import (
	"errors"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// vault is a small Obsidian vault in content/: notes sharing names in
// several folders, aliases, a heading, a block id, an image.
func vault() map[string]string {
	return map[string]string{
		"content/Compendium/Races/Human.md":  "---\naliases: [Humans, Folk]\n---\n# Human\n\n## Racial Traits\n\nAdaptable. ^adapt\n\n## Multiclassing Basics\n\nText.\n",
		"content/Compendium/Races/Elf.md":    "# Elf\n\nOld.\n",
		"content/Compendium/Classes/Elf.md":  "# Elf class\n\nMagic.\n",
		"content/Elf.md":                     "# Elf at the root\n",
		"content/Deep/A/Dwarf.md":            "# Dwarf A\n",
		"content/Deep/B/Dwarf.md":            "# Dwarf B\n",
		"content/Compendium/Races/Orc.md":    "# Orc\n\n<details><summary id=\"orc-lore\">Lore</summary>Old.</details>\n",
		"content/Compendium/img/map.png":     "PNG",
		"content/Compendium/Races/_index.md": "---\ntitle: Races\n---\n",
	}
}

// TestWikilinks resolves wikilinks as Obsidian does, and checks what it
// reports.
func TestWikilinks(t *testing.T) {
	tests := []struct {
		name, page, body string
		want             []string // substrings of the page's HTML
		not              []string // substrings the page's content must not hold
		errs, warns      []string
		extra            map[string]string // files added to the vault
	}{
		{name: "by name, any case", page: "content/Notes/x.md", body: "[[human]] and [[HUMAN|them]]",
			want: []string{`<a class="wikilink" href="/compendium/races/human/">human</a>`, `href="/compendium/races/human/">them</a>`}},
		{name: "by alias", page: "content/Notes/x.md", body: "[[Folk]]", want: []string{`href="/compendium/races/human/">Folk</a>`}},
		{name: "heading by its text", page: "content/Notes/x.md", body: "[[Human#Racial Traits]]",
			want: []string{`href="/compendium/races/human/#racial-traits">Human &gt; Racial Traits</a>`}},
		{name: "block id", page: "content/Notes/x.md", body: "[[Human#^adapt|adaptable]]",
			want: []string{`href="/compendium/races/human/#%5Eadapt">adaptable</a>`}},
		{name: "same page heading", page: "content/Notes/x.md", body: "## Here It Is\n\n[[#Here It Is]]", want: []string{`href="#here-it-is"`}},
		{name: "shared name: the linking note's folder", page: "content/Compendium/Classes/x.md", body: "[[Elf]]",
			want: []string{`href="/compendium/classes/elf/"`}},
		{name: "shared name: nearest the root, with a warning", page: "content/Notes/x.md", body: "[[Elf]]",
			want:  []string{`href="/elf/"`},
			warns: []string{"content/Notes/x.md:5:1: wikilink [[Elf]]: 3 notes have this name: content/Elf.md is used, not content/Compendium/Classes/Elf.md, content/Compendium/Races/Elf.md"}},
		{name: "shared name: first by path", page: "content/Notes/x.md", body: "[[Dwarf]]", want: []string{`href="/deep/a/dwarf/"`},
			warns: []string{"content/Notes/x.md:5:1: wikilink [[Dwarf]]: 2 notes have this name: content/Deep/A/Dwarf.md is used, not content/Deep/B/Dwarf.md"}},
		{name: "a path: relative, then from the root, then a path's end", page: "content/Compendium/x.md", body: "[[Races/Elf]] [[Compendium/Classes/Elf]] [[B/Dwarf]]",
			want: []string{`href="/compendium/races/elf/"`, `href="/compendium/classes/elf/"`, `href="/deep/b/dwarf/"`}},
		{name: "image by name with a width", page: "content/Notes/x.md", body: "![[map.png|300]]",
			want: []string{`<img src="/compendium/img/map.png" alt="map.png" width="300"`}},
		{name: "embed a section", page: "content/Notes/x.md", body: "![[Human#Racial Traits]]",
			want: []string{`<div class="embed">`, "Adaptable."}},
		{name: "missing note", page: "content/Notes/x.md", body: "See [[Gnome]].",
			errs: []string{`content/Notes/x.md:5:5: broken wikilink [[Gnome]]: no note or file named "Gnome" in content/`}},
		// "You can add multiple hash symbols for each subheading. For
		// example, [[My note#Heading 1#Heading 2]]" (help.obsidian.md,
		// Internal links: Link to a heading in a note). eval24A: Curse of
		// Strahd Reloaded's [[Lore of Barovia#Factions#Keepers of the
		// Feather]] was a broken link.
		{name: "subheading path", page: "content/Notes/x.md", body: "[[Lore#Factions#Keepers of the Feather]] [[Lore#Factions#Keepers of the Feather|k]]",
			extra: map[string]string{"content/Lore.md": "# Lore\n\n## Factions\n\n### Keepers of the Feather\n\nText.\n"},
			want:  []string{`href="/lore/#keepers-of-the-feather">Lore &gt; Factions &gt; Keepers of the Feather</a>`, `href="/lore/#keepers-of-the-feather">k</a>`}},
		{name: "subheading path: each heading must be there", page: "content/Notes/x.md", body: "[[Lore#Places#Keepers of the Feather]]",
			extra: map[string]string{"content/Lore.md": "# Lore\n\n## Factions\n\n### Keepers of the Feather\n\nText.\n"},
			errs:  []string{`content/Notes/x.md:5:1: broken wikilink [[Lore#Places#Keepers of the Feather]]: no heading or block "Places#Keepers of the Feather" in content/Lore.md`}},
		// The path is a path: each heading under the one before, as an
		// embed of the same path reads it (markup.HeadingPath); a heading of
		// the path that is on the page but not under the one before is no
		// match.
		{name: "subheading path: each heading under the one before", page: "content/Notes/x.md", body: "[[Lore#Places#Keepers of the Feather]]",
			extra: map[string]string{"content/Lore.md": "# Lore\n\n## Factions\n\n### Keepers of the Feather\n\nText.\n\n## Places\n\nA map.\n"},
			errs:  []string{`content/Notes/x.md:5:1: broken wikilink [[Lore#Places#Keepers of the Feather]]: no heading or block "Places#Keepers of the Feather" in content/Lore.md`}},
		{name: "subheading path: the heading under the path, not the first of its text", page: "content/Notes/x.md", body: "[[Lore#Places#Keepers]] [[Lore#Factions#Keepers]]",
			extra: map[string]string{"content/Lore.md": "# Lore\n\n## Factions\n\n### Keepers\n\nText.\n\n## Places\n\n### Keepers\n\nA tower.\n"},
			want:  []string{`href="/lore/#keepers-1">Lore &gt; Places &gt; Keepers</a>`, `href="/lore/#keepers">Lore &gt; Factions &gt; Keepers</a>`}},
		{name: "missing heading", page: "content/Notes/x.md", body: "[[Human#Nope]]",
			errs: []string{`content/Notes/x.md:5:1: broken wikilink [[Human#Nope]]: no heading or block "Nope" in content/Compendium/Races/Human.md`}},
		{name: "vault-root Markdown link from any folder", page: "content/Notes/Deeper/x.md", body: "[h](Compendium/Races/Human.md) [e](Compendium/Races/Human.md#racial-traits)",
			want: []string{`href="/compendium/races/human/"`, `href="/compendium/races/human/#racial-traits"`}},
		{name: "vault-root image from any folder", page: "content/Notes/x.md", body: "![m](Compendium/img/map.png)",
			want: []string{`<img src="/compendium/img/map.png" alt="m">`}},
		{name: "heading link in Obsidian's form", page: "content/Compendium/Races/x.md", body: "[m](Human.md#Multiclassing%20Basics) [n](#Local%20Part)\n\n## Local Part",
			want: []string{`href="/compendium/races/human/#multiclassing-basics"`, `href="#local-part"`}},
		{name: "a link to the heading that became the title leads to the page", page: "content/Compendium/Races/x.md", body: "[e](Elf.md#elf) [[Human#Human]] [[Elf#Elf|elf]]",
			want: []string{`href="/compendium/races/elf/">e</a>`, `href="/compendium/races/human/">Human &gt; Human</a>`, `href="/compendium/races/elf/">elf</a>`}},
		// Issue 31: a note's file name wins over another note's alias, as
		// Obsidian links [[Humans]] to Humans.md, wherever the two are.
		{name: "a file wins over an alias, with a warning naming it", page: "content/Compendium/Races/x.md", body: "[[Humans]]",
			extra: map[string]string{"content/Z/Deep/Humans.md": "# Humans\n"},
			want:  []string{`href="/z/deep/humans/"`},
			warns: []string{`content/Compendium/Races/x.md:5:1: wikilink [[Humans]]: the note content/Z/Deep/Humans.md is used, not content/Compendium/Races/Human.md, whose alias "Humans" is the same name (Obsidian links a name to the note's file)`}},
		{name: "id in raw HTML is a link target", page: "content/Notes/x.md", body: "[lore](../Compendium/Races/Orc.md#orc-lore)",
			want: []string{`href="/compendium/races/orc/#orc-lore"`}},
		// "To embed a file in your vault, add an exclamation mark (!) in
		// front of an Internal link"
		// (https://help.obsidian.md/Linking+notes+and+files/Embed+files),
		// and an internal link may be written "Markdown: [Three laws of
		// motion](Three%20laws%20of%20motion.md)"
		// (https://help.obsidian.md/links): ![alt](Note.md) embeds the note,
		// as ![[Note]] does, never an <img> of a page (eval8A MA1: the
		// SRD tables of a ttrpg-convert-cli vault).
		{name: "Markdown embed of a note, from the vault root", page: "content/Notes/x.md", body: "![Object table](Compendium/Races/Human.md)",
			want: []string{`<div class="embed">`, "Adaptable."}, not: []string{"<img"}},
		{name: "Markdown embed of a section, its heading written as Obsidian writes it", page: "content/Notes/x.md", body: "![traits](Compendium/Races/Human.md#Racial%20Traits)",
			want: []string{`<div class="embed">`, "Adaptable."}, not: []string{"<img", "Multiclassing"}},
		{name: "Markdown embed of a note, relative", page: "content/Compendium/Classes/x.md", body: "![](../Races/Elf.md)",
			want: []string{`<div class="embed">`, "Old."}, not: []string{"<img"}},
		{name: "Markdown embed of a missing note", page: "content/Notes/x.md", body: "![t](Compendium/Races/Gnome.md)",
			errs: []string{`content/Notes/x.md:5:1: broken wikilink ![t](Compendium/Races/Gnome.md): no note or file named "Compendium/Races/Gnome" in content/`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := vault()
			files[tt.page] = "---\ntitle: X\n---\n\n" + tt.body + "\n"
			maps.Copy(files, tt.extra)
			dir := writeTree(t, files)
			res, err := build(t, dir, content.Options{})
			var got []string
			var diags content.Diagnostics
			if errors.As(err, &diags) {
				for _, d := range diags {
					got = append(got, d.String())
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.errs) {
				t.Errorf("errors:\n got %q\nwant %q", got, tt.errs)
			}
			var warns []string
			for _, w := range res.Warnings {
				if strings.HasPrefix(w, "content/") {
					warns = append(warns, w)
				}
			}
			if !slices.Equal(warns, tt.warns) {
				t.Errorf("warnings:\n got %q\nwant %q", warns, tt.warns)
			}
			if len(tt.errs) > 0 {
				return
			}
			out := readTree(t, dir+"/public")
			sp := strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(tt.page, "content/"), ".md")) + "/index.html"
			html := out[sp]
			for _, w := range tt.want {
				if !strings.Contains(html, w) {
					t.Errorf("%s lacks %q:\n%s", sp, w, html)
				}
			}
			body := html[strings.Index(html, "<article"):]
			for _, w := range tt.not {
				if strings.Contains(body, w) {
					t.Errorf("%s holds %q:\n%s", sp, w, body)
				}
			}
		})
	}
}

// TestObsidianOffAliases: with obsidian = false, aliases that are not
// URL paths are warned about as before, and [[x]] is text.
func TestObsidianOffAliases(t *testing.T) {
	files := vault()
	files["site.toml"] = "title = \"T\"\nbaseURL = \"https://rules.test/\"\nobsidian = false\n"
	files["content/Notes/x.md"] = "---\ntitle: X\n---\n\n[[Human]]\n"
	dir := writeTree(t, files)
	res, err := build(t, dir, content.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(res.Warnings, func(w string) bool { return strings.Contains(w, `"Humans" is not a site path`) }) {
		t.Errorf("no alias warning: %q", res.Warnings)
	}
	if html := readTree(t, dir+"/public")["notes/x/index.html"]; !strings.Contains(html, "[[Human]]") {
		t.Errorf("wikilink read with obsidian = false:\n%s", html)
	}
}

// TestAliasesSearched: a note's other names find it in search, weighing
// as its title.
func TestAliasesSearched(t *testing.T) {
	src := writeTree(t, map[string]string{
		"content/Human.md": "---\naliases: [Folk of the Realm]\n---\n# Human\n\nAdaptable.\n",
	})
	dest := t.TempDir() + "/public"
	if _, err := build(t, src, content.Options{Dest: dest}); err != nil {
		t.Fatal(err)
	}
	f := readSearchIndex(t, dest)
	post := f.Postings["realm"]
	if len(post) != 2 || post[1]&32 == 0 || f.Pages[int(f.Docs[post[0]][0].(float64))][0] != "/human/" {
		t.Errorf("postings of %q = %v, want the lead document of /human/ with the title flag", "realm", post)
	}
}

// TestTagPages: tags: in front matter and #tags in text make tag pages
// listing their pages, and inline tags link to them.
func TestTagPages(t *testing.T) {
	src := writeTree(t, map[string]string{
		"content/Spells/Fireball.md":  "---\ntags: [spell, Fire]\n---\n# Fireball\n\nBoom.\n",
		"content/Spells/Frost Ray.md": "---\ntags: spell\n---\n# Frost Ray\n\nA #cold ray, see #Spell/Ranged.\n\n```\n#notatag\n```\n",
	})
	dest := t.TempDir() + "/public"
	if _, err := build(t, src, content.Options{Dest: dest}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, dest)
	for page, want := range map[string][]string{
		"tags/index.html":              {`href="/tags/cold/"`, `href="/tags/fire/"`, `href="/tags/spell/"`, `href="/tags/spell/ranged/"`},
		"tags/spell/index.html":        {`href="/spells/fireball/"`, `href="/spells/frost-ray/"`, "<h1>#spell</h1>"},
		"tags/fire/index.html":         {`href="/spells/fireball/"`},
		"spells/frost-ray/index.html":  {`A <a class="tag" href="/tags/cold/">#cold</a> ray, see <a class="tag" href="/tags/spell/ranged/">#Spell/Ranged</a>.`},
		"tags/spell/ranged/index.html": {`href="/spells/frost-ray/"`},
	} {
		for _, w := range want {
			if !strings.Contains(out[page], w) {
				t.Errorf("%s lacks %q", page, w)
			}
		}
	}
	if strings.Contains(out["tags/fire/index.html"], "frost-ray") || out["tags/notatag/index.html"] != "" {
		t.Errorf("a page listed under a tag it does not have, or a tag read in code")
	}
	if nav := out["spells/fireball/index.html"]; strings.Contains(nav, `href="/tags/"`) {
		t.Errorf("tag pages in the navigation of other pages")
	}
}

// TestUpdateWithEmbeds: an edit of a note rewrites the pages that embed
// it (at any depth), and those alone.
func TestUpdateWithEmbeds(t *testing.T) {
	for _, keep := range []bool{false, true} {
		src := writeTree(t, map[string]string{
			"content/a.md": "# A\n\n![[B]]\n",
			"content/b.md": "# B\n\n![[C#Part]]\n",
			"content/c.md": "# C\n\n## Part\n\nOld text.\n\n## Other\n\nOther text.\n",
			"content/d.md": "# D\n\nSee [[C]].\n",
		})
		r := startUpdates(t, content.Options{Source: src}, keep)
		u := r.update(t, map[string]string{"content/c.md": "# C\n\n## Part\n\nNew text.\n\n## Other\n\nOther text.\n"})
		if want := []string{"/a/", "/b/", "/c/"}; !slices.Equal(u.Pages, want) {
			t.Errorf("wrote %v, want %v", u.Pages, want)
		}
		u = r.update(t, map[string]string{"content/c.md": "# C\n\n## Part\n\nNew text.\n\n## Other\n\nOther text, edited.\n"})
		if want := []string{"/c/"}; !slices.Equal(u.Pages, want) {
			t.Errorf("an edit outside the embedded section wrote %v, want %v", u.Pages, want)
		}
	}
}

// TestObsidianSetting: obsidian takes true or false.
func TestObsidianSetting(t *testing.T) {
	src := writeTree(t, map[string]string{"site.toml": "title = \"T\"\nbaseURL = \"https://rules.test/\"\nobsidian = \"yes\"\n"})
	_, err := build(t, src, content.Options{})
	var diags content.Diagnostics
	if !errors.As(err, &diags) || len(diags) != 1 || diags[0].String() != `site.toml:3:1: obsidian: must be true or false, not a string` {
		t.Errorf("err = %v", err)
	}
}

// TestObsidianShortestMarkdownLinks: a Markdown link written in
// Obsidian's "shortest path when possible" format names a note by its
// file name from any folder ("New link format … Shortest path when
// possible — Uses the shortest unique path to the linked file",
// https://help.obsidian.md/settings; "Markdown: [Three laws of
// motion](Three%20laws%20of%20motion.md)",
// https://help.obsidian.md/links): Obsidian resolves it as the wikilink
// of that name. A note beside the linking one, or at that path from the
// vault's root, comes first; a name no note has is broken; a name only an
// unpublished note has is shown as text (eval6A KA3: Servilia, 60 links).
func TestObsidianShortestMarkdownLinks(t *testing.T) {
	files := map[string]string{
		".obsidian/app.json":           "{}",
		"Beings/Species/Songbird.md":   "# Songbird\n\n## Wings\n",
		"Groupings/Empire of Winds.md": "[beings](Songbird.md), [wings](Songbird.md#Wings), [spaced](Undead%20Cat.md), [secret](Hidden.md), [bare](Undead%20Cat), [bare wings](Songbird#Wings), [dotted](Dr.%20Light), [planes](Planes.canvas) ![map](map.png)\n",
		"Beings/Unique/Undead Cat.md":  "# Undead Cat\n",
		"Realms/Planes.canvas":         "{}",
		"Media/map.png":                "PNG",
		"Beings/Dr. Light.md":          "# Dr. Light\n",
		"Groupings/Local.md":           "# Local\n",
		"Other/Local.md":               "# Other local\n",
		"Groupings/Near.md":            "[near](Local.md)\n",
		"Plans/Hidden.md":              "---\npublish: false\n---\n# Hidden\n",
		"Groupings/Broken.md":          "[none](Nobody.md)\n",
	}
	_, _, err, _ := buildVault(t, files)
	var ds content.Diagnostics
	if !errors.As(err, &ds) || len(ds) != 1 || !strings.Contains(ds[0].String(), `Groupings/Broken.md:1:1: broken link "Nobody.md"`) {
		t.Fatalf("errors %v, want the one broken link to Nobody.md", err)
	}
	delete(files, "Groupings/Broken.md")
	_, res, err, out := buildVault(t, files)
	if err != nil {
		t.Fatal(err)
	}
	empire := out["groupings/empire-of-winds/index.html"]
	for _, want := range []string{
		`<a href="/beings/species/songbird/">beings</a>`,
		`<a href="/beings/species/songbird/#wings">wings</a>`,
		`<a href="/beings/unique/undead-cat/">spaced</a>`,
		// "Markdown: [Three laws of motion](Three%20laws%20of%20motion) or
		// [Three laws of motion](Three%20laws%20of%20motion.md)"
		// (https://help.obsidian.md/links): the name without .md too.
		`<a href="/beings/unique/undead-cat/">bare</a>`,
		`<a href="/beings/species/songbird/#wings">bare wings</a>`,
		`<a href="/beings/dr.-light/">dotted</a>`,
		// Attachments too, by their name ("shortest path"); a canvas is
		// a page.
		`<a href="/realms/planes/">planes</a>`,
		`<img src="/media/map.png" alt="map">`,
	} {
		if !strings.Contains(empire, want) {
			t.Errorf("empire of winds lacks %q:\n%s", want, empire)
		}
	}
	if strings.Contains(empire, "/plans/hidden/") || !slices.ContainsFunc(res.Warnings, func(w string) bool { return strings.Contains(w, "Hidden.md") }) {
		t.Errorf("a link to an unpublished note is a link, or no warning: %q", res.Warnings)
	}
	if near := out["groupings/near/index.html"]; !strings.Contains(near, `<a href="/groupings/local/">near</a>`) {
		t.Errorf("the note beside the link is not the one used:\n%s", near)
	}
}

// TestObsidianNameTitles: a note without a title or a heading that starts
// it, and a folder without a folder note, show their names as Obsidian
// does, hyphens and all ("Show inline title: Displays the filename as an
// editable title inline with the file contents",
// https://help.obsidian.md/settings; the file explorer lists folders by
// name): "2021-10-2 - Session 9", not "2021 10 2   Session 9" (eval6A
// KA11: valentine195/Obsidian-Vault).
func TestObsidianNameTitles(t *testing.T) {
	_, _, err, out := buildVault(t, map[string]string{
		".obsidian/app.json": "{}",
		"index.md":           "# Home\n",
		"20 Sessions/20.01 Old-Plans/2021-10-2 - Session 9.md": "**Combat started**\n",
	})
	if err != nil {
		t.Fatal(err)
	}
	page := out["20-sessions/20.01-old-plans/2021-10-2---session-9/index.html"]
	for _, want := range []string{"<h1>2021-10-2 - Session 9</h1>", ">20.01 Old-Plans<"} {
		if !strings.Contains(page, want) {
			t.Errorf("the session note lacks %q:\n%s", want, page)
		}
	}
}

// TestObsidianNameLabels: Obsidian Publish's navigation is its file
// explorer ("customize the navigation order and display of files and
// folders within the Publish [[File explorer]]", Obsidian Publish/Customize
// your site.md), which lists notes by name ("Type the name of the note",
// Plugins/File explorer.md; https://help.obsidian.md/plugins/file-explorer):
// notes that start with the same heading ("# Session") are told apart by
// their file names there, while the page keeps its heading as its title.
// Found on valentine195/Obsidian-Vault (eval6A KA5: six "Session" entries).
func TestObsidianNameLabels(t *testing.T) {
	_, _, err, out := buildVault(t, map[string]string{
		".obsidian/app.json":                  "{}",
		"index.md":                            "# Home\n",
		"Sessions/2022-09-17 - Session 14.md": "# Session\n\nWe met.\n",
		"Sessions/2022-09-24 - Session 15.md": "# Session\n\nWe fought.\n",
		"Sessions/Sessions.md":                "# All the sessions\n",
		"Places/Keep.md":                      "---\ntitle: The Old Keep\n---\nStones.\n",
	})
	if err != nil {
		t.Fatal(err)
	}
	page := out["sessions/2022-09-17---session-14/index.html"]
	if got, want := navTitles(page), []string{"Places", "Sessions", "2022-09-17 - Session 14", "2022-09-24 - Session 15"}; !slices.Equal(got, want) {
		t.Errorf("the navigation's links = %q, want %q", got, want)
	}
	// A title: property does not rename the note in the file explorer.
	if got, want := navTitles(out["places/keep/index.html"]), []string{"Places", "Keep", "Sessions"}; !slices.Equal(got, want) {
		t.Errorf("the Keep's navigation's links = %q, want %q", got, want)
	}
	if !strings.Contains(page, "<h1>Session</h1>") {
		t.Errorf("the note's title is not its heading:\n%s", page)
	}
}

// TestObsidianFolderPageLabels: the file explorer names a folder by its
// name ("a folder's page by the folder's name", layout.Layout.NameLabels),
// whichever note sitegen makes the folder's page: a README.md or index.md
// in it is labelled by the folder, not "Readme" or "index". Found on
// AlejandroEsteveMaza/ObsidianPf2eVault (eval11C NC2: its Bestiary folder,
// holding Readme.md, was listed as "Readme").
func TestObsidianFolderPageLabels(t *testing.T) {
	_, _, err, out := buildVault(t, map[string]string{
		".obsidian/app.json":   "{}",
		"index.md":             "# Home\n",
		"Bestiary/Readme.md":   "# Default Pathfinder 2nd Edition Statblocks\n",
		"Bestiary/Goblin.md":   "# Goblin\n",
		"Rules/index.md":       "Rules of the game.\n",
		"Rules/Combat.md":      "# Combat\n",
		"Sessions/Sessions.md": "# All the sessions\n",
	})
	if err != nil {
		t.Fatal(err)
	}
	page, ok := out["bestiary/goblin/index.html"]
	if !ok {
		t.Fatalf("no Goblin page in %v", slices.Sorted(maps.Keys(out)))
	}
	if got, want := navTitles(page), []string{"Bestiary", "Goblin", "Rules", "Sessions"}; !slices.Equal(got, want) {
		t.Errorf("the navigation's links = %q, want %q", got, want)
	}
}

// TestNoteEmbedsByLayout: ![alt](b.md) embeds the note in an Obsidian
// vault ("To embed a file in your vault, add an exclamation mark (!) in
// front of an Internal link",
// https://help.obsidian.md/Linking+notes+and+files/Embed+files), and stays
// an image in a folder of Markdown, as GitHub shows it, and in Quartz,
// whose Obsidian-flavoured Markdown embeds ![[b]] alone
// (https://quartz.jzhao.xyz/features/Obsidian-compatibility).
func TestNoteEmbedsByLayout(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		page  string
		embed bool
	}{
		{"Obsidian vault", map[string]string{".obsidian/app.json": "{}", "a.md": "# A\n\n![bee](b.md)\n", "b.md": "# B\n\nbee text\n"}, "a/index.html", true},
		{"folder of Markdown", map[string]string{"README.md": "# Home\n\n[a](a.md)\n", "a.md": "# A\n\n![bee](b.md)\n", "b.md": "# B\n\nbee text\n"}, "a/index.html", false},
		{"Quartz", map[string]string{"quartz.config.ts": "const config = { configuration: { pageTitle: \"Q\" } }\nexport default config\n", "content/a.md": "# A\n\n![bee](b.md)\n", "content/b.md": "# B\n\nbee text\n"}, "a.html", false}, // Quartz writes a note at slug.html
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, tt.files)
			dest := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, dir, content.Options{Theme: theme, Dest: dest, BrokenLinks: "warn"}); err != nil {
				t.Fatal(err)
			}
			out := readTree(t, dest)
			html, ok := out[tt.page]
			if !ok || !strings.Contains(html, "<article") {
				t.Fatalf("no page %s in %v", tt.page, slices.Sorted(maps.Keys(out)))
			}
			body := html[strings.Index(html, "<article"):]
			if got := strings.Contains(body, "bee text"); got != tt.embed {
				t.Errorf("embedded: %v, want %v:\n%s", got, tt.embed, body)
			}
			if got := strings.Contains(body, `<img src="/b`); got == tt.embed { // /b/, or Quartz's /b.html
				t.Errorf("an <img> of the page: %v, want %v:\n%s", got, !tt.embed, body)
			}
		})
	}
}

// TestWikilinkMissingHeadingLenient: Obsidian resolves a wikilink by its
// note; a heading the note no longer has does not unlink it ("Link to a
// heading in a note": the heading is where the note opens, and a link
// whose heading is gone still opens the note, as plugins that "find links
// to headings and blocks that no longer exist" rely on). With broken links
// as warnings, sitegen links such a wikilink to the note's page and says
// so (the page's top: its URL without the fragment, "#" on the note
// itself), as the Quartz rule does; an embed of a missing section stays broken
// (Obsidian shows "Unable to find section"), and strict builds still fail
// (TestWikilinks, "missing heading"). On-The-Rim (session 27): 7
// [[Movement Speed#Flying]] links shown as plain text.
func TestWikilinkMissingHeadingLenient(t *testing.T) {
	tests := []struct {
		name, body string
		want, not  []string
		warns      []string
	}{
		{name: "another note's heading", body: "[[Human#Nope]] [[Human#Nope|fly]]",
			want: []string{`<a class="wikilink" href="/compendium/races/human/">Human &gt; Nope</a>`, `href="/compendium/races/human/">fly</a>`},
			not:  []string{"wikilink-missing"},
			warns: []string{
				`content/Notes/x.md:5:1: wikilink [[Human#Nope]]: no heading or block "Nope" in content/Compendium/Races/Human.md; the link goes to the page's top`,
				`content/Notes/x.md:5:16: wikilink [[Human#Nope|fly]]: no heading or block "Nope" in content/Compendium/Races/Human.md; the link goes to the page's top`,
			}},
		{name: "this note's heading", body: "[[#Critical Tables|table]]",
			want:  []string{`href="#">table</a>`},
			not:   []string{"wikilink-missing"},
			warns: []string{`content/Notes/x.md:5:1: wikilink [[#Critical Tables|table]]: no heading or block "Critical Tables" in this page; the link goes to the page's top`}},
		{name: "a block id", body: "[[Human#^gone]]",
			want:  []string{`href="/compendium/races/human/">Human &gt; ^gone</a>`},
			warns: []string{`content/Notes/x.md:5:1: wikilink [[Human#^gone]]: no heading or block "^gone" in content/Compendium/Races/Human.md; the link goes to the page's top`}},
		{name: "an embed of a missing section stays broken", body: "![[Human#Nope]]",
			want:  []string{"wikilink-missing"},
			warns: []string{`content/Notes/x.md:5:1: broken wikilink ![[Human#Nope]]: no heading or block "Nope" in content/Compendium/Races/Human.md`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := vault()
			files["content/Notes/x.md"] = "---\ntitle: X\n---\n\n" + tt.body + "\n"
			dir := writeTree(t, files)
			res, err := build(t, dir, content.Options{BrokenLinks: "warn"})
			if err != nil {
				t.Fatal(err)
			}
			var warns []string
			for _, w := range res.Warnings {
				if strings.HasPrefix(w, "content/") {
					warns = append(warns, w)
				}
			}
			if !slices.Equal(warns, tt.warns) {
				t.Errorf("warnings:\n got %q\nwant %q", warns, tt.warns)
			}
			html := readTree(t, dir+"/public")["notes/x/index.html"]
			body := html[strings.Index(html, "<article"):]
			for _, w := range tt.want {
				if !strings.Contains(body, w) {
					t.Errorf("page lacks %q:\n%s", w, body)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(body, w) {
					t.Errorf("page holds %q:\n%s", w, body)
				}
			}
		})
	}
}
