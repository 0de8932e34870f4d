package layout

import (
	"regexp"
	"slices"
	"strings"
)

// WikiLinks is markdown-it-wikilinks (https://github.com/jsepia/markdown-it-wikilinks),
// a markdown-it plugin a VitePress site may register in its
// markdown.config: it writes [[page]] and [[page|label]] as a link to the
// URL its options make, whether or not a page is there. Its README's
// rules: "baseURL (Default: /) The base URL for absolute wiki links",
// "relativeBaseURL (Default: ./) The base URL for relative wiki links",
// "makeAllLinksAbsolute (Default: false)", "uriSuffix (Default: .html)
// Append this suffix to every URL", and postProcessPageName, "A transform
// applied to every page name", whose default does "trim surrounding
// whitespace, sanitize the string, replace spaces with underscores"; a
// path's folders are kept as written, the transform applies to its last
// part; a link starting with "/" is absolute.
type WikiLinks struct {
	// Plugin names the plugin and the settings file that registers it,
	// for messages.
	Plugin string
	// BaseURL, RelativeBaseURL, Suffix, AllAbsolute: the plugin's options
	// (their defaults when not given).
	BaseURL, RelativeBaseURL, Suffix string
	AllAbsolute                      bool
	// CustomNames: the site gives postProcessPageName a function of its
	// own, which sitegen cannot run: Hrefs then tries the default
	// (spaces to "_"), then spaces to "-" with and without apostrophes,
	// the transforms such functions make.
	CustomNames bool
}

// DefaultWikiLinks are the plugin's default options.
func DefaultWikiLinks(plugin string) *WikiLinks {
	return &WikiLinks{Plugin: plugin, BaseURL: "/", RelativeBaseURL: "./", Suffix: ".html"}
}

var spaces = regexp.MustCompile(`\s+`)

// sanitize is sanitize-filename's rule for one name: the characters a
// file name cannot hold (/?<>\\:*|" and control characters) removed,
// and trailing dots and spaces.
func sanitize(name string) string {
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r >= 0x80 && r < 0xa0 || strings.ContainsRune(`/?<>\:*|"`, r) {
			return -1
		}
		return r
	}, name)
	return strings.TrimRight(name, ". ")
}

// Hrefs are the URLs the plugin writes for the wikilink target (without
// its label, with its #fragment dropped), one for each page-name rule
// tried (one, unless CustomNames).
func (w *WikiLinks) Hrefs(target string) []string {
	target, _, _ = strings.Cut(target, "#")
	abs := w.AllAbsolute || strings.HasPrefix(target, "/")
	parts := strings.FieldsFunc(target, func(r rune) bool { return r == '/' || r == '\\' })
	file := ""
	if len(parts) > 0 && !strings.HasSuffix(target, "/") {
		file, parts = parts[len(parts)-1], parts[:len(parts)-1]
	}
	if !abs && file == "" {
		return []string{target}
	}
	names := []func(string) string{func(s string) string { return spaces.ReplaceAllString(sanitize(strings.TrimSpace(s)), "_") }}
	if w.CustomNames {
		names = append(names,
			func(s string) string {
				return strings.ReplaceAll(spaces.ReplaceAllString(sanitize(strings.TrimSpace(s)), "-"), "'", "")
			},
			func(s string) string { return spaces.ReplaceAllString(sanitize(strings.TrimSpace(s)), "-") })
	}
	base := w.RelativeBaseURL
	if abs {
		base = w.BaseURL
	}
	var dirs []string
	dirs = append(dirs, strings.FieldsFunc(base, func(r rune) bool { return r == '/' || r == '\\' })...)
	dirs = append(dirs, parts...)
	var out []string
	for _, name := range names {
		f := name(file)
		if f != "" && w.Suffix != "" {
			f += w.Suffix
		}
		u := strings.Join(append(dirs[:len(dirs):len(dirs)], f), "/")
		if abs {
			u = "/" + u
		}
		if !slices.Contains(out, u) {
			out = append(out, u)
		}
	}
	return out
}
