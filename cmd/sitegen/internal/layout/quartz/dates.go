package quartz

import (
	"time"

	"d6codex/cmd/sitegen/internal/layout"
)

// DefaultDateType is the date a list orders notes by when
// configuration.defaultDateType cannot be read: Quartz's own
// quartz.config.ts's ("modified").
const DefaultDateType = "modified"

// notYet stands for the moment of the build: the date Quartz gives a note
// without one (coerceDate's "new Date()"), after every written date.
var notYet = time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)

// ListDate returns the date, by configuration.defaultDateType (which),
// that Quartz's lists order a note by (PageList's getDate(cfg, page):
// "page.dates?.[cfg.defaultDateType]"), as its CreatedModifiedDate
// transformer sets it (quartz/plugins/transformers/lastmod.ts, priority
// frontmatter, git, filesystem):
//
//   - modified: front matter lastmod, updated or last-modified, else the
//     file's last commit, else its modification time (file); where the
//     priority leaves git out (git false), the file's modification time,
//     in a fresh checkout the moment of the build;
//   - created: front matter date, else the file's birth time: in a
//     fresh checkout, where Quartz sites are built, the moment of the
//     build;
//   - published: front matter publishDate, else the moment of the build.
//
// A date that does not parse is the moment of the build too (coerceDate).
func ListDate(which string, git bool) func(meta map[string]any, file time.Time) time.Time {
	var keys []string
	switch which {
	case "created":
		keys = []string{"date"}
	case "published":
		keys = []string{"publishDate"}
	default:
		keys = []string{"lastmod", "updated", "last-modified"}
	}
	return func(meta map[string]any, file time.Time) time.Time {
		for _, k := range keys {
			v, ok := meta[k]
			if !ok || v == nil || v == "" || v == false {
				continue // "||=": a falsy value is none
			}
			if t, ok := layout.Time(v); ok && !t.IsZero() {
				return t
			}
			return notYet
		}
		if which != "modified" || !git || file.IsZero() {
			return notYet
		}
		return file
	}
}
