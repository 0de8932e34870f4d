package hugotmpl

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
)

// TestReadFile is issue 32, NA12 (azureorangutan/murdham: its include
// shortcode is `{{ readFile (path.Join $.Page.File.Dir (.Get 0)) }}`
// and sitegen did not run it: "it uses the function path"). The expected
// outputs are those of Hugo 0.111.3 (`hugo -d out` of the same templates
// and files, /work/notes/hrf16-bench.md): readFile "Returns the contents of
// a file ... relative to the current working directory"
// (https://gohugo.io/functions/os/readfile/), the project folder's, else
// the content folder's; "" for a file that is not there or a path out of
// the project. sitegen refuses what Hugo 0.111 reads through a link out
// or in a hidden folder (the privacy rule; here the reader's error).
func TestReadFile(t *testing.T) {
	files := map[string]string{
		"gen/t.md":            "| a | b |\n",
		"content/rules/c.txt": "incontent\n",
	}
	refused := errors.New("symbolic link to /tmp/outside.txt, outside the site folder")
	var reads []string
	read := func(rel string, max int64) ([]byte, error) {
		reads = append(reads, rel)
		if rel == "gen/link.txt" {
			return nil, refused
		}
		s, ok := files[rel]
		if !ok {
			return nil, fs.ErrNotExist
		}
		if int64(len(s)) > max {
			return nil, errors.New("too long")
		}
		return []byte(s), nil
	}
	set := New(Config{ContentDir: "content", Shortcodes: map[string]string{
		"include": `{{ $base_path := $.Page.File.Dir }}{{ $file_path := .Get 0 }}{{ readFile (path.Join $base_path $file_path) }}`,
		"rf":      `[{{ readFile (.Get 0) }}|exists={{ fileExists (.Get 0) }}|os={{ os.FileExists (.Get 0) }}|b={{ path.Base (.Get 0) }}|d={{ path.Dir (.Get 0) }}|e={{ path.Ext (.Get 0) }}|s={{ path.Split (.Get 0) }}]`,
		"fi":      `[dir={{ .Page.File.Dir }}|path={{ .Page.File.Path }}|bfn={{ .Page.File.BaseFileName }}|cbn={{ .Page.File.ContentBaseName }}|tbn={{ .Page.File.TranslationBaseName }}|ext={{ .Page.File.Ext }}|ln={{ .Page.File.LogicalName }}]`,
	}})
	for _, tc := range []struct {
		name, page string
		arg        string
		want       string
		reads      []string // the files asked for (the page's dependencies)
		warn       string   // a part of the warning; "": none
	}{
		// murdham's include, from content/rules/careers.md
		{"include", "content/rules/careers.md", "../gen/t.md", "| a | b |\n", []string{"gen/t.md"}, ""},
		// a page at the content folder's top: Dir is "/", Join gives "/gen/t.md", read from the project
		{"include", "content/root.md", "../gen/t.md", "| a | b |\n", []string{"gen/t.md"}, ""},
		{"include", "content/root.md", "gen/t.md", "| a | b |\n", []string{"gen/t.md"}, ""},
		{"rf", "content/x.md", "gen/t.md", "[| a | b |\n|exists=true|os=true|b=t.md|d=gen|e=.md|s=gen/|t.md]", []string{"gen/t.md", "gen/t.md", "gen/t.md"}, ""},
		// the content folder after the project's
		{"rf", "content/x.md", "rules/c.txt", "[incontent\n|exists=true|os=true|b=c.txt|d=rules|e=.txt|s=rules/|c.txt]",
			[]string{"rules/c.txt", "content/rules/c.txt", "rules/c.txt", "content/rules/c.txt", "rules/c.txt", "content/rules/c.txt"}, ""},
		{"rf", "content/x.md", "missing.txt", "[|exists=false|os=false|b=missing.txt|d=.|e=.txt|s=|missing.txt]",
			[]string{"missing.txt", "content/missing.txt", "missing.txt", "content/missing.txt", "missing.txt", "content/missing.txt"}, "no such file"},
		{"rf", "content/x.md", "/gen/t.md", "[| a | b |\n|exists=true|os=true|b=t.md|d=/gen|e=.md|s=/gen/|t.md]", []string{"gen/t.md", "gen/t.md", "gen/t.md"}, ""},
		// a "../" that comes back inside the project is read (Hugo 0.111.3 gives
		// exactly this output on the same shortcode and files; it reads
		// it relative to the working directory: the same file)
		{"rf", "content/x.md", "content/../gen/t.md", "[| a | b |\n|exists=true|os=true|b=t.md|d=gen|e=.md|s=content/../gen/|t.md]", []string{"gen/t.md", "gen/t.md", "gen/t.md"}, ""},
		// out of the project: Hugo gives ""; sitegen reads nothing and says so
		{"rf", "content/x.md", "../outside.txt", "[|exists=false|os=false|b=outside.txt|d=..|e=.txt|s=../|outside.txt]", nil, "out of the site"},
		// a link out: Hugo 0.111 reads it; sitegen refuses it (the reader's rule)
		{"rf", "content/x.md", "gen/link.txt", "[|exists=false|os=false|b=link.txt|d=gen|e=.txt|s=gen/|link.txt]", []string{"gen/link.txt", "gen/link.txt", "gen/link.txt"}, "outside the site folder"},
		{"fi", "content/rules/careers.md", "", "[dir=rules/|path=rules/careers.md|bfn=careers|cbn=careers|tbn=careers|ext=md|ln=careers.md]", nil, ""},
		{"fi", "content/root.md", "", "[dir=/|path=root.md|bfn=root|cbn=root|tbn=root|ext=md|ln=root.md]", nil, ""},
		{"fi", "content/b/index.md", "", "[dir=b/|path=b/index.md|bfn=index|cbn=b|tbn=index|ext=md|ln=index.md]", nil, ""},
	} {
		reads = nil
		var warns []string
		c := Call{Name: tc.name, Page: PageInfo{File: tc.page}, ReadFile: read, Warn: func(m string) { warns = append(warns, m) }}
		if tc.arg != "" {
			c.Pos = []string{tc.arg}
		}
		got, err := set.Run(c)
		if err != nil {
			t.Errorf("%s %q: %v", tc.name, tc.arg, err)
			continue
		}
		if got != tc.want {
			t.Errorf("%s %q on %s:\n got %q\nwant %q", tc.name, tc.arg, tc.page, got, tc.want)
		}
		if strings.Join(reads, ",") != strings.Join(tc.reads, ",") {
			t.Errorf("%s %q: read %q, want %q", tc.name, tc.arg, reads, tc.reads)
		}
		all := strings.Join(warns, "\n")
		if tc.warn == "" && all != "" || !strings.Contains(all, tc.warn) {
			t.Errorf("%s %q: warnings %q, want one with %q", tc.name, tc.arg, warns, tc.warn)
		}
		for _, s := range files {
			if strings.Contains(all, strings.TrimSpace(s)) {
				t.Errorf("%s %q: a warning shows the file's text: %q", tc.name, tc.arg, all)
			}
		}
	}
}

// TestFileLanguage: "TranslationBaseName: The file name, excluding the
// extension and language identifier"; "Lang: The language associated with
// the given file" (https://gohugo.io/methods/page/file/). The expected
// outputs are Hugo 0.111's on a site of en (default) and fr: a code the
// site does not have stays in the name; the content folder's own
// _index.md has no ContentBaseName. fileExists "Reports whether the file
// or directory exists" (https://gohugo.io/functions/os/fileexists/):
// Hugo 0.111 gives true for a folder of the project or of the content
// folder.
func TestFileLanguage(t *testing.T) {
	folders := map[string]bool{"data/x": true, "content/rules": true}
	read := func(rel string, max int64) ([]byte, error) {
		if folders[rel] {
			return nil, ErrFolder
		}
		return nil, fs.ErrNotExist
	}
	set := New(Config{ContentDir: "content", Language: "en", Languages: []string{"en", "fr"}, Shortcodes: map[string]string{
		"f": `T={{ .Page.File.TranslationBaseName }} L={{ .Page.File.Lang }} LN={{ .Page.File.LogicalName }} BFN={{ .Page.File.BaseFileName }} CBN={{ .Page.File.ContentBaseName }}` +
			` FE={{ fileExists "data/x" }} FE2={{ fileExists "rules" }} FE3={{ fileExists "nope" }} FE4={{ fileExists "data/x/" }}`,
	}})
	for _, tc := range []struct{ page, want string }{
		{"content/rules/combat.fr.md", "T=combat L=fr LN=combat.fr.md BFN=combat.fr CBN=combat FE=true FE2=true FE3=false FE4=true"},
		{"content/rules/combat.md", "T=combat L=en LN=combat.md BFN=combat CBN=combat FE=true FE2=true FE3=false FE4=true"},
		{"content/rules/sub.de.md", "T=sub.de L=en LN=sub.de.md BFN=sub.de CBN=sub.de FE=true FE2=true FE3=false FE4=true"},
		{"content/_index.md", "T=_index L=en LN=_index.md BFN=_index CBN= FE=true FE2=true FE3=false FE4=true"},
	} {
		got, err := set.Run(Call{Name: "f", Page: PageInfo{File: tc.page}, ReadFile: read})
		if err != nil {
			t.Fatalf("%s: %v", tc.page, err)
		}
		if got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.page, got, tc.want)
		}
	}
}
