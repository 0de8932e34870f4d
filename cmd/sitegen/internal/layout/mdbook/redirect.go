package mdbook

import (
	"fmt"
	"net/url"
	"path"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// readRedirects applies [output.html.redirect]: "The table contains
// key-value pairs where the key is where the redirect file needs to be
// created, as an absolute path from the build directory, (e.g.
// /appendices/bibliography.html). The value can be any valid URI the
// browser should navigate to (e.g. https://rust-lang.org/, /overview.html,
// or ../bibliography.html)."
// (https://rust-lang.github.io/mdBook/format/configuration/renderers.html#outputhtmlredirect).
//
// A value is read as the browser reads it from the redirect file: a
// relative one from the key's folder, an absolute one from the site's
// root (siteURL, [output.html] site-url, taken off when it starts it).
// Where it leads to a chapter of nav, the chapter's page gets the key as
// an old URL (layout.Layout.Redirected), written only where no page is,
// as mdBook writes it ("if filename.exists() { continue }",
// hbs_renderer.rs emit_redirects). A value with a fragment leads to that
// heading of the chapter, and a value of another site (a scheme or a
// host) there, as written: mdBook's redirect.hbs writes the value into
// its meta refresh (layout.Layout.RedirectFiles). A value that leads to no
// chapter, and a fragment redirect (a key with "#", done by mdBook's
// JavaScript on the page), make none, with a note at its line of
// book.toml (raw).
func readRedirects(l *layout.Layout, html map[string]any, nav []layout.NavEntry, siteURL string, raw []byte) {
	table, _ := html["redirect"].(map[string]any)
	if len(table) == 0 {
		return
	}
	l.Read = append(l.Read, "output.html.redirect")
	files := map[string]string{} // a chapter's output file → its source
	for _, e := range nav {
		if e.Path != "" {
			files[chapterOutput(e.Path, l.ReadmePage)] = e.Path
		}
	}
	if l.Home != "" {
		files["index.html"] = l.Home
	}
	byPage := map[string][]layout.Redirect{}
	keys := make([]string, 0, len(table))
	for k := range table {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		setting := ConfigFile + " [output.html.redirect]"
		if n := redirectLine(raw, k); n > 0 {
			setting = fmt.Sprintf("%s:%d [output.html.redirect]", ConfigFile, n)
		}
		at := strings.Replace(setting, " ", ": ", 1) + fmt.Sprintf(" %q", k)
		v, ok := table[k].(string)
		if !ok {
			l.Notes = append(l.Notes, at+" is not a string: no redirect made")
			continue
		}
		if strings.Contains(k, "#") {
			l.Notes = append(l.Notes, at+": a fragment redirect is done by mdBook's JavaScript: sitegen makes none")
			continue
		}
		from := path.Clean("/" + strings.TrimLeft(k, "/"))
		target, fragment, why := redirectTarget(from, v, siteURL)
		if why == errOut {
			l.RedirectFiles = append(l.RedirectFiles, layout.Redirect{From: from, Setting: setting, To: strings.TrimSpace(v)})
			continue
		}
		rel := files[target]
		if why == "" && rel == "" {
			why = fmt.Sprintf("no chapter is written at /%s", target)
		}
		if why != "" {
			l.Notes = append(l.Notes, fmt.Sprintf("%s = %q: %s: no redirect made", at, v, why))
			continue
		}
		if fragment != "" {
			l.RedirectFiles = append(l.RedirectFiles, layout.Redirect{From: from, Setting: setting, Rel: rel, Fragment: fragment})
			continue
		}
		byPage[rel] = append(byPage[rel], layout.Redirect{From: from, Setting: setting})
	}
	if len(byPage) > 0 {
		l.Redirected = func(rel string) []layout.Redirect { return byPage[rel] }
	}
}

// errOut is redirectTarget's why for a value of another site.
const errOut = "it leads out of the book"

// redirectTarget is the output file ("rules/index.html") that the value v
// of the redirect at site path from leads to and its fragment, or why it
// leads to none of the book's (errOut: another site's URL).
func redirectTarget(from, v, siteURL string) (file, fragment, why string) {
	u, err := url.Parse(strings.TrimSpace(v))
	if err != nil {
		return "", "", "not a URL"
	}
	if u.Scheme != "" || u.Host != "" {
		return "", "", errOut
	}
	p := u.Path
	switch {
	case p == "":
		return "", "", "it names no page"
	case strings.HasPrefix(p, "/"):
		if base := strings.TrimSuffix(siteURL, "/"); base != "" && (p == base || strings.HasPrefix(p, base+"/")) {
			p = strings.TrimPrefix(p, base)
		}
	default:
		p = path.Join(path.Dir(from), p)
	}
	dir := strings.HasSuffix(p, "/")
	p = path.Clean("/" + p)
	if strings.HasPrefix(p, "/..") {
		return "", "", "it leads out of the book's folder"
	}
	p = strings.TrimPrefix(p, "/")
	if dir || p == "" {
		p = path.Join(p, "index.html")
	}
	return p, u.Fragment, ""
}

// chapterOutput is the file mdBook writes the chapter rel at: rel with
// .html for .md, a README.md (any case) as its folder's index.html unless
// the index preprocessor is off (readme, layout.Layout.ReadmePage).
func chapterOutput(rel string, readme bool) string {
	dir, name := path.Split(rel)
	if !readme && strings.EqualFold(name, "README.md") {
		name = "index.md"
	}
	return dir + strings.TrimSuffix(name, path.Ext(name)) + ".html"
}

// redirectLine is the 1-based line of book.toml's text raw that sets the
// redirect key k, 0 when none does.
func redirectLine(raw []byte, k string) int {
	for i, line := range strings.Split(string(raw), "\n") {
		s := strings.TrimSpace(line)
		for _, q := range []string{`"` + k + `"`, `'` + k + `'`} {
			if rest, ok := strings.CutPrefix(s, q); ok && strings.HasPrefix(strings.TrimSpace(rest), "=") {
				return i + 1
			}
		}
	}
	return 0
}
