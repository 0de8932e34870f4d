package statblock

import (
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/markup"
)

// TestNoteCreatures: a block naming a creature (`monster: Name`) finds it
// among the vault's notes whose front matter says `statblock: true`, as the
// plugin adds them to its bestiary (src/watcher/watcher.ts
// getFileInformation: "cache?.frontmatter?.statblock !== true &&
// cache?.frontmatter?.statblock !== "true" ... return null"; the worker's
// parseFrontmatter takes the front matter's fields as the creature, named
// by its name), only when the plugin's "Automatically Parse Frontmatter for
// Creatures" is on ("autoParse: false" by default, src/main.ts) and in the
// folders its paths setting watches. The block's own fields are shown over
// the creature's ("The monster field may be combined with other fields to
// override the field", the plugin's README). A vault that keeps no settings
// of the plugin has its notes read. The note is read through the page's
// wikilinks, as an embed is: a note not published is not read.
func TestNoteCreatures(t *testing.T) {
	goblin := "---\nstatblock: true\nname: Goblin Boss\nhp: 21\nac: 17\ntags: [monster]\nlanguages: Common, Goblin\n---\nNotes.\n"
	for _, tc := range []struct {
		name, settings, path, block string
		note                        string // the note's text; "" the Goblin Boss of its front matter
		want, not, prob             []string
	}{
		{name: "no settings: the note is read", path: "Bestiary/Goblin Boss.md", block: "monster: Goblin Boss\nac: 15\n",
			want: []string{"Goblin Boss", "21", "15", "Common, Goblin"}, not: []string{"17", "monster</"}},
		{name: "by another case", path: "Goblin Boss.md", block: "creature: goblin boss\n",
			want: []string{"Goblin Boss", "21"}},
		{name: "autoParse on, in a watched folder", settings: `{"autoParse": true, "paths": ["/Bestiary"]}`, path: "Bestiary/Goblin Boss.md", block: "monster: Goblin Boss\n",
			want: []string{"21"}},
		{name: "autoParse on, outside the watched folders", settings: `{"autoParse": true, "paths": ["Bestiary"]}`, path: "Other/Goblin Boss.md", block: "monster: Goblin Boss\n",
			not: []string{"21"}, prob: []string{`monster: "Goblin Boss" names a creature of the plugin's bestiary`}},
		{name: "autoParse off: not read", settings: `{"autoParse": false}`, path: "Goblin Boss.md", block: "monster: Goblin Boss\n",
			not: []string{"21"}, prob: []string{`monster: "Goblin Boss" names a creature`}},
		{name: "a hidden folder is not read", path: ".trash/Goblin Boss.md", block: "monster: Goblin Boss\n",
			not: []string{"21"}, prob: []string{`names a creature`}},
		{name: "a note not published", path: "Private/Goblin Boss.md", block: "monster: Goblin Boss\n",
			not: []string{"21"}, prob: []string{`names a creature`}},
		{name: "a name no note has", path: "Goblin Boss.md", block: "monster: Orc\n",
			not: []string{"21"}, prob: []string{`monster: "Orc" names a creature`}},
		// statblock: inline: the creature is the note's first ```statblock
		// block (watcher.worker.ts findFirstStatBlock:
		// /^```[^\S\r\n]*statblock\s?\n([\s\S]+?)^```/m), named by its name:,
		// not by the note's title or its front matter's name.
		{name: "inline: the first block, by its name", path: "Bestiary/Boss.md", block: "monster: Goblin Boss\nac: 15\n",
			note: inlineGoblin, want: []string{"Goblin Boss", "21", "15", "Common, Goblin"}, not: []string{"Second", "99", ">17<"}},
		{name: "inline: named by the block, not the front matter", path: "Boss.md", block: "monster: Front Name\n",
			note: inlineGoblin, not: []string{"21"}, prob: []string{`monster: "Front Name" names a creature`}},
		{name: "inline: a ~~~ block is not the plugin's", path: "Boss.md", block: "monster: Goblin Boss\n",
			note: "---\nstatblock: inline\n---\n~~~statblock\nname: Goblin Boss\nhp: 21\n~~~\n", not: []string{"21"}, prob: []string{`names a creature`}},
		{name: "inline: an indented block is not the plugin's", path: "Boss.md", block: "monster: Goblin Boss\n",
			note: "---\nstatblock: inline\n---\n  ```statblock\n  name: Goblin Boss\n  hp: 21\n  ```\n", not: []string{"21"}, prob: []string{`names a creature`}},
		{name: "inline: a note not published", path: "Private/Boss.md", block: "monster: Goblin Boss\n",
			note: inlineGoblin, not: []string{"21"}, prob: []string{`names a creature`}},
		{name: "inline: autoParse off", settings: `{"autoParse": false}`, path: "Boss.md", block: "monster: Goblin Boss\n",
			note: inlineGoblin, not: []string{"21"}, prob: []string{`names a creature`}},
		{name: "statblock: false is no creature", path: "Boss.md", block: "monster: Goblin Boss\n",
			note: strings.Replace(inlineGoblin, "inline", "false", 1), not: []string{"21"}, prob: []string{`names a creature`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			write := func(rel, s string) {
				f := filepath.Join(dir, filepath.FromSlash(rel))
				if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(f, []byte(s), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if tc.note == "" {
				tc.note = goblin
			}
			write(tc.path, tc.note)
			write("Nameless.md", "---\nstatblock: true\nhp: 99\n---\n")
			if tc.settings != "" {
				write(SettingsFile, tc.settings)
			}
			var problems []string
			md := markup.New(markup.Options{Obsidian: true, Handlers: map[string]markup.BlockHandler{Info: New().ForVault(dir, WalkNotes(dir))}, StaticDir: "static"})
			page := &markup.Page{File: "content/m.md", Links: vaultLinks{dir}, Assets: map[string]string{StyleAsset: "/css/statblock.x.css"},
				Report: func(p markup.Problem) { problems = append(problems, p.Msg) }}
			out, _, err := md.Convert([]byte(fence(tc.block)), page)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("no %s in\n%s", w, out)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(out, n) {
					t.Errorf("%s in\n%s", n, out)
				}
			}
			if len(problems) != len(tc.prob) {
				t.Errorf("problems %q, want %q", problems, tc.prob)
			}
			for i, p := range tc.prob {
				if i < len(problems) && !strings.Contains(problems[i], p) {
					t.Errorf("problem %q, want %q", problems[i], p)
				}
			}
		})
	}
}

// inlineGoblin is a `statblock: inline` note: its creature is its first
// stat block.
const inlineGoblin = "---\nstatblock: inline\nname: Front Name\naliases: [Boss]\n---\n# Boss\n\n" +
	"```statblock\nname: Goblin Boss\nhp: 21\nac: 17\nlanguages: Common, Goblin\n```\n\n" +
	"```statblock\nname: Second\nhp: 99\n```\n"

// vaultLinks resolves a wikilink to the vault's note at that path, whose
// source an embed reads; the notes under Private/ are not published.
type vaultLinks struct{ dir string }

func (vaultLinks) ResolveLink(dest string) (string, string) { return "/" + dest + "/", "" }
func (l vaultLinks) ResolveWiki(target, _ string, embed bool) markup.WikiTarget {
	if strings.HasPrefix(target, "/Private/") {
		return markup.WikiTarget{Unlinked: "not published"}
	}
	src, err := os.ReadFile(filepath.Join(l.dir, filepath.FromSlash(target)+".md"))
	if err != nil {
		return markup.WikiTarget{Problem: err.Error()}
	}
	tg := markup.WikiTarget{URL: "/" + strings.ToLower(target) + "/"}
	if embed {
		tg.Note, tg.Src = &markup.Page{File: target + ".md"}, src
	}
	return tg
}

// TestNoteIndexLinksAndLaziness: the scan for creature notes follows no
// link (a note linked from outside the vault is not read: nothing is read
// through a link out of the source), and runs only when a block first
// names a creature (noteIndex.get), not for every vault built.
func TestNoteIndexLinksAndLaziness(t *testing.T) {
	outside, vault := t.TempDir(), t.TempDir()
	creature := "---\nstatblock: true\nname: Goblin Boss\nhp: 21\n---\n"
	if err := os.WriteFile(filepath.Join(outside, "secret.md"), []byte(creature), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "secret.md"), filepath.Join(vault, "Goblin Boss.md")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	if err := os.WriteFile(filepath.Join(vault, "Orc.md"), []byte(strings.ReplaceAll(creature, "Goblin Boss", "Orc")), 0o644); err != nil {
		t.Fatal(err)
	}
	h, ok := New().ForVault(vault, WalkNotes(vault)).(*Handler)
	if !ok || h.notes == nil {
		t.Fatalf("ForVault of a vault without plugin settings: %#v, want a handler with a note index", h)
	}
	if h.notes.n != nil {
		t.Error("the notes were read before any block named a creature")
	}
	got := h.notes.get()
	if _, ok := got["goblin boss"]; ok {
		t.Errorf("the creature of a note linked from outside the vault was read: %v", got)
	}
	if _, ok := got["orc"]; !ok {
		t.Errorf("the vault's own creature note was not read: %v", got)
	}
}

// TestFrontMatter: a note's front matter by frontspan's rule (a byte
// order mark skipped, spaces after a delimiter), whole when it is longer
// than the first block read, none past maxFrontMatter.
func TestFrontMatter(t *testing.T) {
	long := strings.Repeat("k: v\n", 2000) // 10,000 bytes
	for _, tc := range []struct{ name, in, want string }{
		{"short", "---\nname: Orc\n---\ntext\n", "name: Orc\n"},
		{"byte order mark, spaces", "\ufeff--- \nname: Orc\n---  \n", "name: Orc\n"},
		{"none", "# Orc\n---\nname: x\n---\n", ""},
		{"not closed", "---\nname: Orc\n", ""},
		{"longer than the first block", "---\n" + long + "---\n", long},
		{"longer than maxFrontMatter", "---\n" + strings.Repeat(long, 7) + "---\n", ""},
	} {
		if got := frontMatter(strings.NewReader(tc.in)); got != tc.want {
			t.Errorf("%s: got %d bytes %.40q, want %d bytes %.40q", tc.name, len(got), got, len(tc.want), tc.want)
		}
	}
}

// TestInlineCreature: a `statblock: inline` note's creature is its first
// ```statblock block by the plugin's expression (findFirstStatBlock:
// /^```[^\S\r\n]*statblock\s?\n([\s\S]+?)^```/m), named by the block's
// top-level name: (the last, as YAML keeps the last of a repeated key),
// not a name: nested in a field.
func TestInlineCreature(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"first block", "```statblock\nname: Orc\n```\n```statblock\nname: Elf\n```\n", "Orc"},
		{"spaces before the word", "```  statblock\nname: Orc\n```\n", "Orc"},
		{"CRLF", "```statblock\r\nname: Orc\r\n```\r\n", "Orc"},
		{"quoted", "```statblock\nname: \"Bshez \\\"Sand Claws\\\" Shak\"\n```\n", `Bshez "Sand Claws" Shak`},
		{"the last of two", "```statblock\nname: Orc\nname: Orc Chief\n```\n", "Orc Chief"},
		{"nested names are not its", "```statblock\ntraits:\n  - name: Bite\n    desc: x\nname: Wolf\n```\n", "Wolf"},
		{"no name", "```statblock\nhp: 7\ntraits:\n  - name: Bite\n```\n", ""},
		{"tildes are not the plugin's", "~~~statblock\nname: Orc\n~~~\n", ""},
		{"another word", "```statblocks\nname: Orc\n```\n", ""},
		{"not closed", "```statblock\nname: Orc\n", ""},
	} {
		if got, _, _ := inlineCreature([]byte(tc.src)); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestInlineNoteBound: an inline note's block is read within its first
// maxInlineNote bytes: one that ends past them is no creature.
func TestInlineNoteBound(t *testing.T) {
	dir := t.TempDir()
	head := "---\nstatblock: inline\n---\n"
	block := "```statblock\nname: Orc\nhp: 15\n```\n"
	pad := strings.Repeat("x\n", maxInlineNote/2)
	for name, s := range map[string]string{"Near.md": head + block + pad, "Far.md": head + pad + block} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(strings.Replace(s, "Orc", strings.TrimSuffix(name, ".md"), 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := readNotes(dir, nil, WalkNotes(dir).CreatureNotes(), nil)
	if _, ok := got["near"]; !ok {
		t.Errorf("the creature at the start of a long note was not read: %v", got)
	}
	if _, ok := got["far"]; ok {
		t.Errorf("a creature past maxInlineNote was read: %v", got)
	}
}

// pluginStatBlock is the plugin's expression for a `statblock: inline`
// note's creature (src/watcher/watcher.worker.ts findFirstStatBlock),
// which firstStatBlock scans for.
var pluginStatBlock = regexp.MustCompile("(?m)^```[^\\S\\r\\n]*statblock\\s?\\n([\\s\\S]+?)^```")

// TestFirstStatBlockIsTheExpression: firstStatBlock finds what the
// plugin's expression finds, the same group, on texts made of the pieces
// that matter to it (fences at and off a line's start, the word, spaces,
// tabs, CRs, blank lines), every text of up to five pieces and random
// longer ones.
func TestFirstStatBlockIsTheExpression(t *testing.T) {
	pieces := []string{"```", "statblock", "\n", " ", "\t", "\r", "x", "name: Orc", "~~~", "`", "\f"}
	check := func(src string) {
		t.Helper()
		got, ok := firstStatBlock([]byte(src))
		m := pluginStatBlock.FindStringSubmatch(src)
		if ok != (m != nil) || ok && string(got) != m[1] {
			t.Fatalf("%q: got %q %v, the expression %q", src, got, ok, m)
		}
	}
	var all func(prefix string, n int)
	all = func(prefix string, n int) {
		check(prefix)
		if n == 0 {
			return
		}
		for _, p := range pieces {
			all(prefix+p, n-1)
		}
	}
	all("", 5)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range 4 + rng.IntN(30) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		check(b.String())
	}
}

// versionedNotes is a NoteSource whose version a test moves, as an
// update of a served site makes a new model.
type versionedNotes struct {
	dir string
	ver *int
}

func (v versionedNotes) NotesVersion() any { return *v.ver }
func (v versionedNotes) CreatureNotes() []CreatureNote {
	return WalkNotes(v.dir).CreatureNotes()
}

// TestNoteIndexUpdatesChangedNotes: a new version of the vault (a served
// site's update) reads again only the creature notes whose file changed
// (size or modification time) or that are new, not every note: a note
// left alone keeps what it defined, a changed one and a new one are read.
func TestNoteIndexUpdatesChangedNotes(t *testing.T) {
	vault := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(vault, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	note := func(name string) string { return "---\nstatblock: true\nname: " + name + "\nhp: 1\n---\n" }
	write("Orc.md", note("Orcx"))
	write("Imp.md", note("Impx"))
	ver := 1
	h := New().ForVault(vault, versionedNotes{vault, &ver}).(*Handler)
	if got := h.notes.get(); got["orcx"] != "/Orc" || got["impx"] != "/Imp" {
		t.Fatalf("first index: %v", got)
	}
	// Orc.md's text changes but not its size nor its time: an unchanged
	// file, not read again (what it defined is kept). Imp.md changes
	// size: read again. Kobold.md is new.
	st, err := os.Stat(filepath.Join(vault, "Orc.md"))
	if err != nil {
		t.Fatal(err)
	}
	write("Orc.md", note("Orcy"))
	if err := os.Chtimes(filepath.Join(vault, "Orc.md"), st.ModTime(), st.ModTime()); err != nil {
		t.Fatal(err)
	}
	write("Imp.md", note("Imp Lord"))
	write("Kobold.md", note("Kobold"))
	ver++
	got := h.notes.get()
	want := notes{"orcx": "/Orc", "imp lord": "/Imp", "kobold": "/Kobold"}
	if !maps.Equal(got, want) {
		t.Errorf("index after the update: %v, want %v", got, want)
	}
	// A note no longer listed is gone from the index.
	if err := os.Remove(filepath.Join(vault, "Kobold.md")); err != nil {
		t.Fatal(err)
	}
	ver++
	if got := h.notes.get(); got["kobold"] != "" {
		t.Errorf("a removed note's creature is still indexed: %v", got)
	}
}
