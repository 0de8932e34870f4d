package mdbook

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// Plugins are the third-party preprocessors a book's book.toml configures
// ([preprocessor.NAME] tables, https://rust-lang.github.io/mdBook/format/configuration/preprocessors.html)
// whose syntax sitegen applies as each one documents it, and the names
// of those it does not run. Plugins.Expand is the book's layout.Expander.
type Plugins struct {
	// Template applies mdbook-template's {{#template file key=value}}
	// lines (https://github.com/sgoudham/mdbook-template, README
	// "Format"): the file, relative to the chapter, with each [[#key]]
	// (or [[#key default]]) replaced by the value given.
	Template bool
	// Emoji applies mdbook-emojicodes' ":name:" codes
	// (https://github.com/blyxyas/mdbook-emojicodes: "replace your
	// emojicodes (e.g. :cat:) to emojis"), everywhere in the chapter's
	// text as it does; a name that is no emoji stays as written.
	Emoji bool
	// CustomEmoji is the source-relative folder of the book's own emojis
	// ("src/custom_emojis": "You can use your own emojis as .svg files.
	// Just create a directory called custom_emojis in src"), "" when it
	// has none: ":myemoji:" is the image custom_emojis/myemoji.svg.
	CustomEmoji string
	// Embedify applies mdbook-embedify's {% embed app key="value" %}
	// (https://github.com/MR-Addict/mdbook-embedify, docs "Usage"):
	// sitegen publishes no third-party frame or script, so an app that
	// shows another site (youtube, vimeo, bilibili, codepen,
	// codesandbox, stackblitz, gist) is a plain link to what the frame
	// would show; include is applied; the page decorations (footer,
	// scroll-to-top, announcement-banner) and giscus comments are
	// dropped with a warning.
	Embedify bool
	// ImageSize applies mdbook-image-size's sized images
	// (https://github.com/lhybdv/mdbook-image-size, README: "![the
	// alt](path/to/your/image "the title" =500x400)" to "<p><img
	// src="path/to/your/image" alt="the alt" title="the title"
	// width="500" height="400"></p>", "=500x" and "=x400" for one side,
	// " center" or " right" after the size aligning the paragraph):
	// the image is shown at its size, not printed as text.
	ImageSize bool
	// Order ranks the preprocessors sitegen applies ("links", "template",
	// "emojicodes", "embedify") in the order mdBook runs them; nil: all
	// in one pass. Text one brings in is read by those that run after it
	// (Plugins.after) and not by those that ran before.
	Order map[string]int
	// NoLinks: mdBook's links preprocessor does not run
	// (build.use-default-preprocessors = false without
	// [preprocessor.links]): its directives, and their escapes, stay in
	// the text as written, as mdBook leaves them.
	NoLinks bool
	// Unrun are the configured preprocessors sitegen neither applies nor
	// knows as mdBook's: a {{#name …}} directive that is not mdBook's is
	// theirs, dropped with a warning rather than printed.
	Unrun []string
}

// applied names the third-party preprocessors sitegen applies, by the
// program each is (its table's name, or its command's program without
// "mdbook-"), with what the build's first line says of it.
var applied = map[string]string{
	"admonish":   "its ```admonish blocks as callouts",
	"template":   "its {{#template}} lines applied",
	"emojicodes": "its :emoji: codes applied",
	"embedify":   "its {% embed %} apps applied: other sites' frames as links",
	"katex":      "its $…$ and $$…$$ formulas marked as math",
	"image-size": "its ![alt](src =WxH) images shown at their size",
	// mdbook-alerts: "mdBook preprocessor to add GitHub Flavored
	// Markdown's Alerts to your book like: > [!NOTE] …" (its README), the
	// syntax mdBook itself renders ("Admonitions … It is written as a
	// blockquote with a special tag on the first line", guide
	// format/markdown.md) and sitegen renders as callouts.
	"alerts": "its > [!NOTE] alerts as callouts, as mdBook's own admonitions",
}

// readPreprocessors reads the book's [preprocessor.NAME] tables (m is
// book.toml decoded, raw its text, for the line a warning names) into
// the layout: what it applies in l.Read, a warning in l.Notes for each
// one it does not run, and the Plugins its Expand applies. mdBook's own
// (links, index) are applied always and not named. A preprocessor whose
// renderers do not list "html" does not run for the HTML book ("renderers:
// A list of renderers this preprocessor should run for", the page above)
// and is not applied either; one whose command is a program other than
// the plugin's own is not run.
func readPreprocessors(dir string, l *layout.Layout, m map[string]any, raw []byte) Plugins {
	var pl Plugins
	pre := table(m, "preprocessor")
	rank := map[string]int{}
	for i, name := range runOrder(pre) {
		rank[name] = i
	}
	pl.Order = map[string]int{"links": rank["links"]}
	for _, name := range preprocessors(m) {
		t := table(pre, name)
		at := ConfigFile
		if n := tomlLine(raw, name); n > 0 {
			at = fmt.Sprintf("%s:%d", ConfigFile, n)
		}
		r, ok := t["renderers"].([]any)
		if !ok {
			r, ok = t["renderer"].([]any) // the name the developers' page writes
		}
		if ok && !slices.ContainsFunc(r, func(v any) bool { s, _ := v.(string); return s == "html" }) {
			l.Read = append(l.Read, "preprocessor."+name+" (not run: its renderers do not list html)")
			continue
		}
		kind := program(name, t)
		what, ok := applied[kind]
		if !ok {
			l.Read = append(l.Read, "preprocessor."+name+" (not run: "+notRun(kind)+")")
			l.Notes = append(l.Notes, fmt.Sprintf("%s: [preprocessor.%s] (%s) is not run: %s", at, name, commandOf(name, t), notRun(kind)))
			pl.Unrun = append(pl.Unrun, name)
			continue
		}
		l.Read = append(l.Read, "preprocessor."+name+" ("+what+")")
		pl.Order[kind] = rank[name]
		switch kind {
		case "admonish":
			l.Markup.Admonish = admonishDefaults(table(t, "default"))
		case "template":
			pl.Template = true
		case "emojicodes":
			pl.Emoji = true
			if folder := path.Join(l.Content, "custom_emojis"); layout.Exists(dir, folder, true) {
				pl.CustomEmoji = folder
			}
		case "image-size":
			pl.ImageSize = true
		case "embedify":
			pl.Embedify = true
			for _, app := range []string{"footer", "scroll-to-top", "announcement-banner", "giscus"} {
				if on, _ := table(t, app)["enable"].(bool); on {
					l.Notes = append(l.Notes, fmt.Sprintf("%s: [preprocessor.%s] %s.enable: not shown: %s", at, name, app, embedDropped(app)))
				}
			}
		case "katex":
			// "Inline math: $...$; display math: $$...$$" (mdbook-katex's README).
			l.Markup.Math = true
			l.Notes = append(l.Notes, at+": "+layout.MathNote("[preprocessor."+name+"]"))
		}
	}
	return pl
}

// program is which plugin the preprocessor name is: its command's
// program without "mdbook-" (and ".exe") when book.toml sets one
// ("command: The command to use to run the preprocessor. If this is not
// specified, mdBook will default to mdbook-<name>"), else name.
func program(name string, t map[string]any) string {
	cmd, _ := t["command"].(string)
	f := strings.Fields(cmd)
	if len(f) == 0 {
		return name
	}
	base := strings.TrimSuffix(path.Base(strings.ReplaceAll(f[0], `\`, "/")), ".exe")
	if kind, ok := strings.CutPrefix(base, "mdbook-"); ok {
		return kind
	}
	return base
}

// commandOf is the program a preprocessor runs, as the user wrote it.
func commandOf(name string, t map[string]any) string {
	if cmd, _ := t["command"].(string); strings.TrimSpace(cmd) != "" {
		return strings.TrimSpace(cmd)
	}
	return "mdbook-" + name
}

// tomlLine is the 1-based line of book.toml's text raw that opens the
// table [preprocessor.name] (or one of its sub-tables, or sets a dotted
// key of it), 0 when none does.
func tomlLine(raw []byte, name string) int {
	for i, line := range strings.Split(string(raw), "\n") {
		s := strings.TrimSpace(line)
		s = strings.TrimPrefix(strings.TrimSuffix(strings.TrimPrefix(s, "["), "]"), "[")
		s = strings.ReplaceAll(strings.ReplaceAll(s, `"`, ""), "'", "")
		s = strings.ReplaceAll(s, " ", "")
		rest, ok := strings.CutPrefix(s, "preprocessor."+name)
		if ok && (rest == "" || rest[0] == '.' || rest[0] == '=' || rest[0] == ']') {
			return i + 1
		}
	}
	return 0
}

// after reports whether the preprocessor p runs after q ("" for the
// chapter's own text, which every one reads).
func (pl Plugins) after(p, q string) bool {
	if pl.Order == nil || q == "" {
		return true
	}
	return pl.Order[p] > pl.Order[q]
}

// runOrder is the order mdBook runs the preprocessors of the table pre
// (book.toml's [preprocessor]) and its own links and index in: "The order
// in which preprocessors are run can be controlled with the before and
// after fields … Preprocessors with the same priority specified via
// before and after are sorted by name. Any infinite loops will be
// detected and produce an error"
// (https://rust-lang.github.io/mdBook/format/configuration/preprocessors.html).
// A loop (mdBook's error) or a name no table has is left out: the names
// sorted, then.
func runOrder(pre map[string]any) []string {
	names := []string{"index", "links"}
	for name := range pre {
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	next := map[string][]string{}
	in := map[string]int{}
	edge := func(a, b string) {
		if a != b && slices.Contains(names, a) && slices.Contains(names, b) && !slices.Contains(next[a], b) {
			next[a] = append(next[a], b)
			in[b]++
		}
	}
	for _, name := range names {
		t := table(pre, name)
		for _, b := range strList(t["before"]) {
			edge(name, b)
		}
		for _, a := range strList(t["after"]) {
			edge(a, name)
		}
	}
	var out, ready []string
	for _, n := range names {
		if in[n] == 0 {
			ready = append(ready, n)
		}
	}
	for len(ready) > 0 {
		slices.Sort(ready)
		n := ready[0]
		ready = ready[1:]
		out = append(out, n)
		for _, b := range next[n] {
			if in[b]--; in[b] == 0 {
				ready = append(ready, b)
			}
		}
	}
	if len(out) < len(names) { // a loop
		return names
	}
	return out
}

// strList is a TOML array of strings (others left out).
func strList(v any) []string {
	a, _ := v.([]any)
	var out []string
	for _, e := range a {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// Expand applies mdBook's links preprocessor and the plugins pl names to
// the chapter file (see the package function Expand).
func (pl Plugins) Expand(file string, src []byte, read func(file string) ([]byte, error)) layout.Expanded {
	return expand(pl, file, src, read)
}
