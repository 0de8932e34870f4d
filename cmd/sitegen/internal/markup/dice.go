package markup

import (
	"slices"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"d6codex/cmd/sitegen/internal/markup/inlinedice"
	"d6codex/cmd/sitegen/internal/markup/randtable"
)

// Assets of the pages with inline rolls or random tables.
const (
	DiceScript = "js/dice.js"
	DiceStyle  = "css/dice.css"
)

// diceTransformer gives a page with inline rolls (package inlinedice) or
// random tables their script and stylesheet, and resolves the rollers of
// [[links]] through the page's WikiResolver.
type diceTransformer struct{ m *Markdown }

// Transform implements parser.ASTTransformer.
func (t diceTransformer) Transform(doc *ast.Document, _ text.Reader, pc parser.Context) {
	st := state(pc)
	if st == nil || !inlinedice.Found(pc) && !randtable.Found(pc) {
		return
	}
	st.addAssets()
}

// addAssets asks for the dice script and stylesheet, when the site has
// them (a site's own static/ may leave them out).
func (st *pageState) addAssets() {
	for _, a := range []struct {
		name string
		list *[]string
	}{{DiceScript, &st.res.Scripts}, {DiceStyle, &st.res.Styles}} {
		if u, ok := st.page.Assets[a.name]; ok && !slices.Contains(*a.list, u) {
			*a.list = append(*a.list, u)
		}
	}
}
