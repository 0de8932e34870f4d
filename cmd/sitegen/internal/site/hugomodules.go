package site

import (
	"fmt"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup/shortcode"
	"d6codex/cmd/sitegen/internal/site/content"
)

// foldAbsentThemes says once, for each theme module the layout imports
// that is not in the repository (layout.Layout.AbsentThemes), that it is
// missing and how many uses of shortcodes it may define were not run, and
// takes those uses' warnings out of ws: one warning at each use of the
// missing theme's shortcodes (chrisbarley89/golden_wastes: 272) says one
// thing. Without absent themes ws is returned as it is.
func foldAbsentThemes(l *layout.Layout, ws content.Diagnostics) (content.Diagnostics, []string) {
	if l == nil || len(l.AbsentThemes) == 0 {
		return ws, nil
	}
	var kept, folded content.Diagnostics
	var names []string
	for _, w := range ws {
		if name, ok := shortcode.UnsupportedName(w.Msg); ok {
			folded = append(folded, w)
			if !slices.Contains(names, name) {
				names = append(names, name)
			}
			continue
		}
		kept = append(kept, w)
	}
	slices.Sort(names)
	uses := "no shortcode it may define is used"
	if len(folded) > 0 {
		uses = fmt.Sprintf("%d uses of shortcodes with no template (%s) not run, each shown as sitegen shows a shortcode it does not know (the first at %s)",
			len(folded), strings.Join(names, ", "), folded[0].String())
	}
	var notes []string
	for _, m := range l.AbsentThemes {
		notes = append(notes, fmt.Sprintf("%s: theme module %s is not in the repository (Hugo fetches it; sitegen reads it from _vendor/): run `hugo mod vendor` and commit _vendor/; %s",
			l.File, m, uses))
	}
	return kept, notes
}
