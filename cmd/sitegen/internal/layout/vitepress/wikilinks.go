package vitepress

import (
	"fmt"
	"regexp"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"
)

// WikiPlugin is the markdown-it plugin whose [[wikilinks]] sitegen reads
// where a site's settings register it (layout.WikiLinks has its rules).
const WikiPlugin = "markdown-it-wikilinks"

var (
	wikiRequire = regexp.MustCompile(`require\(\s*['"]` + WikiPlugin + `['"]\s*\)`)
	wikiImport  = regexp.MustCompile(`import\s+([A-Za-z_$][\w$]*)\s+from\s+['"]` + WikiPlugin + `['"]`)
)

// wikiLinks reads, from the settings file's text (markdown.config is a
// function, which sitegen does not run), whether it registers
// markdown-it-wikilinks ("md.use(require('markdown-it-wikilinks')(options))",
// or the plugin imported under a name and that name's call passed to
// use), and the options it gives: nil when it does not. VitePress itself
// has no wikilinks (https://vitepress.dev/guide/markdown): without the
// plugin, [[x]] is text.
func wikiLinks(raw []byte, file string) (*layout.WikiLinks, []string) {
	src := string(raw)
	call := -1 // where the plugin's options call starts: "(" after the plugin
	if loc := wikiRequire.FindStringIndex(src); loc != nil {
		if !strings.Contains(src, ".use(") {
			return nil, nil
		}
		call = loc[1]
	} else if m := wikiImport.FindStringSubmatch(src); m != nil {
		use := regexp.MustCompile(`\.use\(\s*` + regexp.QuoteMeta(m[1]) + `\b`).FindStringIndex(src)
		if use == nil {
			return nil, nil
		}
		call = use[1]
	}
	if call < 0 {
		return nil, nil
	}
	w := layout.DefaultWikiLinks(fmt.Sprintf("%s (registered in %s)", WikiPlugin, file))
	rest := strings.TrimLeft(src[call:], " \t\r\n")
	if !strings.HasPrefix(rest, "(") {
		return w, nil // use(plugin) alone: its defaults
	}
	args, ok := balanced(rest)
	if !ok || strings.TrimSpace(args) == "" {
		return w, nil
	}
	// The options object, read with the file's constants (baseURL: base).
	opts, _ := jsconfig.Parse([]byte(src + "\n;export default " + args + "\n")).Root.(*jsconfig.Object)
	var notes []string
	for _, o := range []struct {
		key string
		to  *string
	}{{"baseURL", &w.BaseURL}, {"relativeBaseURL", &w.RelativeBaseURL}, {"uriSuffix", &w.Suffix}} {
		switch v := opts.Get(o.key).(type) {
		case string:
			*o.to = v
		case nil:
		default:
			notes = append(notes, fmt.Sprintf("%s: %s option %s not read (computed): its default %q is used", file, WikiPlugin, o.key, *o.to))
		}
	}
	if v, ok := opts.Get("makeAllLinksAbsolute").(bool); ok {
		w.AllAbsolute = v
	}
	for _, key := range []string{"postProcessPageName", "postProcessPagePath"} {
		if opts.Get(key) != nil {
			w.CustomNames = true
			notes = append(notes, fmt.Sprintf("%s: %s option %s is a function of the site's, not run: a page name's spaces are tried as '_' (the plugin's default), then as '-' with and without apostrophes", file, WikiPlugin, key))
			break
		}
	}
	return w, notes
}

// balanced returns what is between s's opening "(" and its matching ")",
// strings skipped; ok false when it is not closed.
func balanced(s string) (string, bool) {
	depth := 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"' || c == '`':
			quote = c
		case c == '(' || c == '{' || c == '[':
			depth++
		case c == ')' || c == '}' || c == ']':
			depth--
			if depth == 0 {
				return s[1:i], true
			}
		}
	}
	return "", false
}
