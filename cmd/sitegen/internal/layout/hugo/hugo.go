// Package hugo recognises a Hugo site (hugo.toml|yaml|json or
// config.toml|yaml|json at its root): contentDir (default content/) holds
// the pages, staticDir (default static/, one folder or a list) is published
// at the site's root; title, baseURL, languageCode and copyright are the
// site's settings; aliases: in front matter are redirects.
package hugo

import (
	"d6codex/cmd/sitegen/internal/layout"
)

// ConfigFiles are the names Hugo reads its settings from, in order.
var ConfigFiles = []string{"hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml", "config.yaml", "config.yml", "config.json"}

// Recognise returns the layout of the Hugo site at dir, or nil when dir
// has none of Hugo's settings files. config.toml alone is Hugo's only
// beside a content/ folder (other tools use that name too).
func Recognise(dir string) (*layout.Layout, error) {
	file := ""
	for _, f := range ConfigFiles {
		if layout.Exists(dir, f, false) {
			file = f
			break
		}
	}
	if file == "" {
		return nil, nil
	}
	m, err := layout.Decode(dir, file)
	if err != nil {
		return nil, err
	}
	l := &layout.Layout{Kind: layout.Hugo, File: file, Content: "content", Redirects: "aliases"}
	if c := layout.CleanRel(l.Str(m, "contentDir")); c != "" {
		l.Content = c
	}
	if file[:6] == "config" && !layout.Exists(dir, l.Content, true) {
		return nil, nil
	}
	static := layout.Strings(m, "staticDir")
	if len(static) > 0 {
		l.Read = append(l.Read, "staticDir")
	} else {
		static = []string{"static"}
	}
	for _, s := range static {
		if s = layout.CleanRel(s); s != "" && s != "." {
			l.Static = append(l.Static, s)
		}
	}
	l.Settings.Title = l.Str(m, "title")
	l.Settings.BaseURL = l.Str(m, "baseURL")
	if l.Settings.BaseURL == "" {
		l.Settings.BaseURL = l.Str(m, "baseurl")
	}
	l.Settings.LanguageCode = l.Str(m, "languageCode")
	l.Settings.Copyright = l.Str(m, "copyright")
	return l, nil
}
