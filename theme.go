// Package d6codex holds the default theme that sitegen carries inside its
// binary: the stylesheets, scripts, vendored libraries and icons of
// static/, so that `sitegen build` works on any folder without a copy of
// this repository. A site's own static/ overrides any file of it by path.
package d6codex

import (
	"embed"
	"io/fs"
)

//go:embed static
var theme embed.FS

// Theme returns the default theme's files, by the paths they have under
// static/ ("css/site.css").
func Theme() fs.FS {
	sub, err := fs.Sub(theme, "static")
	if err != nil {
		panic("theme: " + err.Error()) // static/ is embedded above; cannot happen
	}
	return sub
}
