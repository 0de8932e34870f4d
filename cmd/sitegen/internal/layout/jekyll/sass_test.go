package jekyll

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSassError: the compiler's message, line and column, and the
// partial it names, read from libsass's sassc and from Dart Sass
// (https://sass-lang.com/documentation/cli/dart-sass/) as they print them
// (sassc 3.6.1 and Dart Sass 1.x, written as each prints the fixture).
func TestSassError(t *testing.T) {
	for _, c := range []struct {
		name, out, msg, where string
		line, col             int
	}{
		{"sassc, the file", "Error: Undefined variable: \"$missing\".\n        on line 3:10 of stdin\n>>   b { c: $missing; }\n   ---------^\n",
			"Error: Undefined variable: \"$missing\".", "", 3, 10},
		{"sassc, a partial", "Error: Invalid CSS after \"a {\": expected \"}\", was \"\"\n        on line 2:4 of _sass/_base.scss\n        from line 1:1 of stdin\n",
			"Error: Invalid CSS after \"a {\": expected \"}\", was \"\"", "_sass/_base.scss", 2, 4},
		{"dart, the file", "Error: Undefined variable.\n  ╷\n3 │   b { c: $missing; }\n  │          ^^^^^^^^\n  ╵\n  - 3:10  root stylesheet\n",
			"Error: Undefined variable.", "", 3, 10},
		{"dart, a partial", "Error: expected \"}\".\n  ╷\n2 │ a {\n  │    ^\n  ╵\n  _sass/_base.scss 2:4  @import\n  - 1:9                root stylesheet\n",
			"Error: expected \"}\".", "_sass/_base.scss", 2, 4},
		{"no location", "Error: something\n", "Error: something", "", 0, 0},
	} {
		msg, line, col, where := sassError(c.out)
		if msg != c.msg || line != c.line || col != c.col || where != c.where {
			t.Errorf("%s: %q %d:%d in %q, want %q %d:%d in %q", c.name, msg, line, col, where, c.msg, c.line, c.col, c.where)
		}
	}
}

// TestSassEscapes: the compiler reads only files of the repository (the
// brief: nothing reached through a path out of the source is
// published): a load rule that names an absolute path, a URL, or climbs
// out from the file or a load path, a load-css of a computed name, a
// link out of the repository in a load path, and sitegen does not run
// it; loads inside, and plain CSS url() imports, are fine.
func TestSassEscapes(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "_secret.scss"), []byte("a{b:c}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		src     string
		partial string // _sass/_p.scss's text
		link    bool   // _sass/_out.scss links out of the repository
		bad     bool
	}{
		{name: "a partial", src: `@import "base";`},
		{name: "a folder inside", src: `@use "theme/colors";`, partial: `@import "../assets/x";`},
		{name: "plain CSS url()", src: `@import url("../../../fonts.css");`},
		{name: "absolute", src: `@import "/etc/secret";`, bad: true},
		{name: "a URL", src: `@use "file:///etc/secret";`, bad: true},
		{name: "climbs out from the root", src: `@import "../secret";`, bad: true},
		{name: "climbs out from a load path", src: `@import 'a', "../../secret";`, bad: true},
		{name: "climbs out in a partial", src: `@import "p";`, partial: `@forward "../../x";`, bad: true},
		{name: "computed load-css", src: `@include meta.load-css($name);`, bad: true},
		{name: "literal load-css", src: `@include meta.load-css("theme/dark");`},
		{name: "a link out", src: `@import "out";`, link: true, bad: true},
	} {
		root := t.TempDir()
		if err := os.MkdirAll(filepath.Join(root, "_sass"), 0o755); err != nil {
			t.Fatal(err)
		}
		if c.partial != "" {
			if err := os.WriteFile(filepath.Join(root, "_sass/_p.scss"), []byte(c.partial), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if c.link {
			if err := os.Symlink(filepath.Join(outside, "_secret.scss"), filepath.Join(root, "_sass/_out.scss")); err != nil {
				t.Fatal(err)
			}
		}
		sc := &sassCompiler{name: "sassc", root: root, loadPaths: []string{"_sass"}}
		if msg := sc.escapes([]byte(c.src)); (msg != "") != c.bad {
			t.Errorf("%s: escapes = %q, want a reason %v", c.name, msg, c.bad)
		} else if c.bad && !strings.Contains(msg, "out of the repository") && !strings.Contains(msg, "computed") {
			t.Errorf("%s: %q does not say why", c.name, msg)
		}
	}
}
