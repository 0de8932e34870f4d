package systems

import (
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestNoGameOutsideRulesAndCalc keeps a game's knowledge in rules/<game>
// and its registration in calc/<game>: no Go source elsewhere names a
// registered system, in an identifier or a string literal (comments may
// give an example). Test files are left out: they check the real site's
// content. Everything else reads the registry.
func TestNoGameOutsideRulesAndCalc(t *testing.T) {
	root := filepath.Join("..", "..")
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatal("repository root not found:", err)
	}
	var ids []string
	for _, s := range All() {
		if s.IsGame() { // a tool's id ("dice") is an ordinary word
			ids = append(ids, regexp.QuoteMeta(s.ID))
		}
	}
	word := regexp.MustCompile(`(?i)\b(` + strings.Join(ids, "|") + `)\b`)
	// The one exception, with its reason.
	allowed := map[string]string{
		"templates/layout_templ.go": "the footer's Open Game Licence notice, which every page must carry",
	}
	checked := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "." {
				return nil
			}
			if rel == "rules" || rel == "calc" || rel == "testdata" || strings.HasPrefix(d.Name(), ".") ||
				d.Name() == "node_modules" || d.Name() == "public" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") || allowed[rel] != "" {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		checked++
		fset := token.NewFileSet()
		var s scanner.Scanner
		s.Init(fset.AddFile(rel, -1, len(src)), src, nil, 0)
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if (tok == token.STRING || tok == token.IDENT) && word.MatchString(lit) {
				t.Errorf("%s: names a game (%s); read it from the registry (calc/systems) instead", fset.Position(pos), lit)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 10 {
		t.Fatalf("only %d Go files checked: the walk missed the tree", checked)
	}
}
