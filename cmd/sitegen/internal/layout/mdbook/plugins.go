package mdbook

import (
	"fmt"
	"html"
	"path"
	"regexp"
	"strconv"
	"strings"

	"d6codex/cmd/sitegen/internal/markup/emoji"
)

// embedRE is mdbook-embedify's macro, "{% embed app options[] %}" where
// "options are key-value based array seperated by space and its value
// should be wrapped by quotes" (its docs, "Usage"; its grammar,
// parser.pest: identifiers of letters, digits, _ and -, values in double
// or single quotes, spaces between).
const embedRE = `\{%[ \t]*embed[ \t]+([\w-]+)((?:[ \t]+[\w-]+[ \t]*=[ \t]*(?:"[^"\n]*"|'[^'\n]*'))*)[ \t]*%\}`

// linkEmbedRE matches mdBook's directives (linkRE) and embedify's macros.
var linkEmbedRE = regexp.MustCompile(linkRE.String() + `|` + embedRE)

// embedOption is one key="value" of a macro.
var embedOption = regexp.MustCompile(`([\w-]+)[ \t]*=[ \t]*(?:"([^"\n]*)"|'([^'\n]*)')`)

// Embedify's "Ignore Embeds": "You can do it by wrapping content that you
// want to ignore with below two comments: <!-- embed ignore begin -->,
// <!-- embed ignore end -->".
const (
	embedIgnoreBegin = "<!-- embed ignore begin -->"
	embedIgnoreEnd   = "<!-- embed ignore end -->"
)

// frameApp is an embedify app that shows another site in a frame: its
// name as a reader knows it, the option that names what it shows, and
// the frame's address (its template's src, {% key=default %} filled).
type frameApp struct {
	label, key string
	url        func(opt map[string]string) string
}

// frameApps are embedify's apps that frame another site (its
// src/assets/templates/*.html).
var frameApps = map[string]frameApp{
	"youtube": {"YouTube video", "id", func(o map[string]string) string { return "https://www.youtube.com/embed/" + o["id"] }},
	"vimeo":   {"Vimeo video", "id", func(o map[string]string) string { return "https://player.vimeo.com/video/" + o["id"] }},
	"bilibili": {"Bilibili video", "id", func(o map[string]string) string {
		return "https://player.bilibili.com/player.html?bvid=" + o["id"] + "&danmaku=0"
	}},
	"codepen": {"CodePen", "slug", func(o map[string]string) string {
		return "https://codepen.io/" + o["user"] + "/embed/" + o["slug"] + "?default-tab=result&theme-id=" + or(o["theme"], "dark")
	}},
	"codesandbox": {"CodeSandbox", "id", func(o map[string]string) string {
		return "https://codesandbox.io/embed/" + o["id"] + "?&theme=" + or(o["theme"], "dark")
	}},
	"stackblitz": {"StackBlitz", "id", func(o map[string]string) string {
		return "https://stackblitz.com/edit/" + o["id"] + "?embed=1&theme=" + or(o["theme"], "dark") + "&view=preview"
	}},
	// <script src="https://gist.github.com/{% id %}.js">: the gist's page.
	"gist": {"Gist", "id", func(o map[string]string) string { return "https://gist.github.com/" + o["id"] }},
}

// embedDropped says why an embedify app that decorates the page, or
// runs another site's script, is not shown.
func embedDropped(app string) string {
	switch app {
	case "giscus":
		return "giscus comments run GitHub's script in a frame: sitegen publishes no third-party frame or script"
	case "footer", "scroll-to-top", "announcement-banner":
		return "sitegen's page has no embedify " + app
	}
	return "no app of embedify's by that name (a book's own template is not run)"
}

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// embed is what the embedify macro d (app and its options opts) becomes.
func (x *expander) embed(d, app, opts string, depth int, prefix string, line, off int) (string, bool) {
	opt := map[string]string{}
	for _, m := range embedOption.FindAllStringSubmatch(opts, -1) {
		opt[m[1]] = m[2] + m[3]
	}
	if app == "include" {
		return x.embedInclude(d, opt, prefix, line, off), false
	}
	f, ok := frameApps[app]
	if !ok {
		x.problem(line, off, true, fmt.Sprintf("%s dropped: %s", d, embedDropped(app)))
		return "", false
	}
	if opt[f.key] == "" || app == "codepen" && opt["user"] == "" {
		x.problem(line, off, true, fmt.Sprintf("%s dropped: embedify's %s app needs a %s=\"…\"", d, app, f.key))
		return "", false
	}
	u := strings.NewReplacer("<", "%3C", ">", "%3E", " ", "%20").Replace(f.url(opt))
	text := f.label + " " + opt[f.key]
	if app == "codepen" {
		text = f.label + " " + opt["user"] + "/" + opt["slug"]
	}
	return "[" + escapeLinkText(text) + "](<" + u + ">)", false
}

// escapeLinkText escapes what would end or break a link's text.
func escapeLinkText(s string) string {
	return strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`, "`", "\\`", "*", `\*`, "_", `\_`, "<", `\<`).Replace(s)
}

// embedInclude is embedify's include app: "The include app is for
// including source file and wrapped it as markdown code block. … The
// file path should be relative to book root directory"; options file,
// lang, range ("Range of lines to include, e.g. 1-10 or 1- or -10"),
// type ("raw or codeblock", default codeblock).
func (x *expander) embedInclude(d string, opt map[string]string, prefix string, line, off int) string {
	if opt["file"] == "" {
		x.problem(line, off, false, fmt.Sprintf("broken include %s: embedify's include app needs a file=\"…\"", d))
		return ""
	}
	if x.stop || x.count >= MaxIncludes || x.size > MaxExpanded {
		x.stop = true
		return ""
	}
	file, raw, ok := x.load(d, ".", opt["file"], line, off)
	if !ok {
		return ""
	}
	lines := splitLines(raw)
	if r := opt["range"]; r != "" {
		a, b, _ := strings.Cut(r, "-")
		start, end := 1, len(lines)
		if n, err := strconv.Atoi(strings.TrimSpace(a)); err == nil && n > 0 {
			start = n
		}
		if n, err := strconv.Atoi(strings.TrimSpace(b)); err == nil && n >= 0 {
			end = min(n, len(lines))
		}
		if start > end {
			lines = nil
		} else {
			lines = lines[start-1 : end]
		}
	}
	if opt["type"] != "raw" {
		lang := opt["lang"]
		if lang == "" {
			lang = langOf(file)
		}
		fence := "```"
		for _, l := range lines {
			for strings.Contains(l, fence) {
				fence += "`"
			}
		}
		lines = append(append([]string{fence + lang}, lines...), fence)
	}
	out := strings.Join(lines, "\n"+prefix)
	x.size += len(out)
	return out
}

// langOf is the code block language of a file, by its extension
// (embedify: "The language is automatically detected by the file name
// extension", from linguist's list; the common ones here, else the
// extension itself).
func langOf(file string) string {
	ext := strings.TrimPrefix(path.Ext(file), ".")
	switch strings.ToLower(ext) {
	case "rs":
		return "rust"
	case "py":
		return "python"
	case "js", "mjs", "cjs":
		return "javascript"
	case "ts":
		return "typescript"
	case "md":
		return "markdown"
	case "yml":
		return "yaml"
	case "sh":
		return "shell"
	case "cs":
		return "csharp"
	case "rb":
		return "ruby"
	case "h", "hpp", "cc", "cxx":
		return "cpp"
	case "kt":
		return "kotlin"
	}
	return strings.ToLower(ext)
}

// ignoredEmbeds are the spans of text between embedify's ignore comments.
func (x *expander) ignoredEmbeds(text string) [][2]int {
	if !x.pl.Embedify || !strings.Contains(text, embedIgnoreBegin) {
		return nil
	}
	var out [][2]int
	for from := 0; ; {
		i := strings.Index(text[from:], embedIgnoreBegin)
		if i < 0 {
			return out
		}
		start := from + i
		end := len(text)
		if j := strings.Index(text[start:], embedIgnoreEnd); j >= 0 {
			end = start + j + len(embedIgnoreEnd)
		}
		out = append(out, [2]int{start, end})
		from = end
	}
}

func inRanges(rs [][2]int, off int) bool {
	for _, r := range rs {
		if off >= r[0] && off < r[1] {
			return true
		}
	}
	return false
}

// unknown is what a {{#kind …}} directive that is no preprocessor's
// sitegen applies becomes: as written, as mdBook leaves it, when the book
// runs no other preprocessor; when it does, and the directive stands on
// a line of its own outside a code block, it is that preprocessor's
// syntax, which sitegen cannot apply: dropped, with a warning.
func (x *expander) unknown(d, kind string, line, off int) (string, bool) {
	if len(x.pl.Unrun) == 0 || !x.alone {
		return "", true
	}
	x.problem(line, off, true, fmt.Sprintf("{{#%s …}} dropped: it is not mdBook's; book.toml's preprocessor %s, which sitegen does not run, may read it", kind, strings.Join(x.pl.Unrun, ", ")))
	return "", false
}

// aloneOutsideCode reports whether text[start:end] stands alone on its
// line (spaces around it) and outside a fenced code block of text; one
// indented four spaces or a tab may be an indented code block's line,
// and is not taken to be alone.
func aloneOutsideCode(text string, start, end int, fenced [][2]int) bool {
	ls := strings.LastIndexByte(text[:start], '\n') + 1
	le := len(text)
	if i := strings.IndexByte(text[end:], '\n'); i >= 0 {
		le = end + i
	}
	lead := text[ls:start]
	return strings.TrimSpace(lead) == "" && len(lead) < 4 && !strings.Contains(lead, "\t") &&
		strings.TrimSpace(text[end:le]) == "" && !inRanges(fenced, start)
}

// fencedBlocks are the spans of the fenced code blocks of text (a line
// of three or more ` or ~, indented less than four spaces, to a line of
// as many or more of the same, or the end).
func fencedBlocks(text string) [][2]int {
	if !strings.Contains(text, "```") && !strings.Contains(text, "~~~") {
		return nil
	}
	var out [][2]int
	open, start := "", 0
	for off := 0; off < len(text); {
		end := strings.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += off + 1
		}
		l := strings.TrimRight(text[off:end], "\r\n")
		t := strings.TrimLeft(l, " ")
		if len(l)-len(t) < 4 && len(t) >= 3 && (t[0] == '`' || t[0] == '~') {
			n := len(t) - len(strings.TrimLeft(t, t[:1]))
			switch {
			case open == "" && n >= 3:
				open, start = t[:n], off
			case open != "" && t[0] == open[0] && n >= len(open) && strings.TrimSpace(t[n:]) == "":
				out = append(out, [2]int{start, end})
				open = ""
			}
		}
		off = end
	}
	if open != "" {
		out = append(out, [2]int{start, len(text)})
	}
	return out
}

// templateArgs are mdbook-template's arguments, arg being what follows
// {{#template: the file, then "Arguments should be seperated by
// whitespace and should be in the key=value format", a value running to
// the next key= ("authors=Goudham, Hazel path=images": authors is
// "Goudham, Hazel"). Written over several lines ("{{#template\n
// file.txt\n path=../images\n author=Goudham\n}}"), each line after the
// file's is one key=value, its value the rest of the line (the
// plugin's links.rs reads it so).
func templateArgs(arg string) map[string]string {
	args := map[string]string{}
	if lines := strings.Split(strings.TrimSpace(arg), "\n"); len(lines) > 1 {
		for _, l := range lines[1:] {
			if k, v, ok := strings.Cut(strings.TrimRight(l, "\r"), "="); ok && strings.TrimSpace(k) != "" {
				args[strings.TrimSpace(k)] = v
			}
		}
		return args
	}
	key := ""
	for _, f := range strings.Fields(arg)[1:] {
		if k, v, ok := strings.Cut(f, "="); ok && k != "" {
			key = k
			args[key] = v
			continue
		}
		if key != "" {
			args[key] += " " + f
		}
	}
	return args
}

// placeholderRE is a template's argument, "[[#<name>]]" or "[[#<name>
// <default-value>]]" (spaces allowed: "[[   #width   400px   ]]"), or
// one escaped, "\[[#escaped]]".
var placeholderRE = regexp.MustCompile(`\\\[\[[^\]\n]*\]\]|\[\[[ \t]*#([^\s\]]+)(?:[ \t]+([^\]\n]*?))?[ \t]*\]\]`)

// fillTemplate replaces the template's placeholders with args, or their
// defaults; missing lists the names with neither (left empty).
func fillTemplate(content string, args map[string]string) (out string, missing []string) {
	out = placeholderRE.ReplaceAllStringFunc(content, func(p string) string {
		if strings.HasPrefix(p, `\`) {
			return p[1:]
		}
		m := placeholderRE.FindStringSubmatch(p)
		if v, ok := args[m[1]]; ok {
			return v
		}
		if m[2] != "" {
			return m[2]
		}
		missing = append(missing, m[1])
		return ""
	})
	return out, missing
}

// emoji replaces the emoji codes of text (":cat:" 🐱) by their emoji, as
// mdbook-emojicodes does in the whole chapter: the names of the
// twemoji index (package markup/emoji), and the book's own emojis
// (CustomEmoji) as images; any other ":word:" stays.
func (x *expander) emoji(text string) string {
	if !strings.Contains(text, ":") {
		return text
	}
	var b strings.Builder
	prev := 0
	for i := 0; i < len(text); i++ {
		if text[i] != ':' {
			continue
		}
		j := i + 1
		for j < len(text) && j-i <= 64 && isEmojiName(text[j]) {
			j++
		}
		if j == i+1 || j >= len(text) || text[j] != ':' {
			continue
		}
		name := text[i+1 : j]
		e, ok := emoji.Lookup(name)
		if !ok {
			e = x.customEmoji(name)
		}
		if e == "" {
			i = j - 1 // the closing colon may open the next code
			continue
		}
		b.WriteString(text[prev:i])
		b.WriteString(e)
		prev = j + 1
		i = j
	}
	if prev == 0 {
		return text
	}
	b.WriteString(text[prev:])
	return b.String()
}

// customEmoji is the image of the book's own emoji name, "" for none.
func (x *expander) customEmoji(name string) string {
	if x.pl.CustomEmoji == "" {
		return ""
	}
	if e, ok := x.emojis[name]; ok {
		return e
	}
	if x.emojis == nil {
		x.emojis = map[string]string{}
	}
	e := ""
	file := path.Join(x.pl.CustomEmoji, name+".svg")
	if _, err := x.read(file); err == nil {
		// An absolute link resolves from the book's source folder.
		e = "![:" + name + ":](/" + strings.TrimPrefix(file, x.contentPrefix()) + ")"
	}
	x.emojis[name] = e
	return e
}

// contentPrefix is the source folder of the custom emojis' folder, with
// its slash ("src/").
func (x *expander) contentPrefix() string {
	return path.Dir(x.pl.CustomEmoji) + "/"
}

func isEmojiName(c byte) bool {
	return c == '_' || c == '+' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// owner is the preprocessor whose directive m matched in text:
// "embedify" for a macro, "template" for {{#template}}, "links" for
// mdBook's own (and any other {{#name}}), "" for an escaped directive,
// which each preprocessor unescapes in what it reads.
func owner(text string, m []int) string {
	switch {
	case len(m) > 6 && m[6] >= 0:
		return "embedify"
	case m[2] < 0:
		return ""
	case text[m[2]:m[3]] == "template":
		return "template"
	}
	return "links"
}

// inline applies the plugins that rewrite a chapter's text where it
// stands (emoji codes, sized images) to text, a part of the chapter:
// its own text (own) or what the directive of the preprocessor from
// brought in, which only those that run after from read.
func (x *expander) inline(text string, own bool, from string) string {
	if x.pl.Emoji && (own || x.pl.after("emojicodes", from)) {
		text = x.emoji(text)
	}
	if x.pl.ImageSize && (own || x.pl.after("image-size", from)) {
		text = imageSize(text)
	}
	return text
}

// imageSizeRE is an image with mdbook-image-size's size after its
// address (its markdown.rs: "\((?<url>\S+)\s+(\"(?<title>.+)\"\s+)?=
// (?<width>\d+)?x(?<height>\d+)?(?<align>\s+\w+)?\s*\)" after the
// image's "![alt]").
var imageSizeRE = regexp.MustCompile(`!\[([^\]\n]*)\]\((\S+)[ \t]+(?:"([^"\n]*)"[ \t]+)?=(\d+)?x(\d+)?(?:[ \t]+(\w+))?[ \t]*\)`)

// imageSize writes each image of text that gives a size (width, height
// or both) as mdbook-image-size does: "<p><img src alt title width
// height></p>", the paragraph aligned by a " center" or " right" after
// the size ("left is default"); a height given alone is kept by a style
// too. An image in a code block or code span,
// or one that gives neither side, stays as written.
func imageSize(text string) string {
	if !strings.Contains(text, "![") {
		return text
	}
	fenced := fencedBlocks(text)
	return replaceOutsideCode(text, imageSizeRE, fenced, func(m []string) string {
		alt, src, title, width, height, align := m[1], m[2], m[3], m[4], m[5], strings.ToLower(m[6])
		if width == "" && height == "" {
			return m[0]
		}
		var b strings.Builder
		b.WriteString("<p")
		if align == "center" || align == "right" {
			b.WriteString(` style="text-align:` + align + `"`)
		}
		b.WriteString(`><img src="` + html.EscapeString(src) + `"`)
		for _, a := range [][2]string{{"alt", alt}, {"title", title}, {"width", width}, {"height", height}} {
			if a[1] != "" {
				b.WriteString(" " + a[0] + `="` + html.EscapeString(a[1]) + `"`)
			}
		}
		if width == "" {
			// sitegen's style sheet sizes a page's images by their width
			// ("height: auto", so that a wide one shrinks in proportion),
			// which would undo a height given alone.
			b.WriteString(` style="height:` + height + `px"`)
		}
		b.WriteString("></p>")
		return b.String()
	})
}

// replaceOutsideCode replaces each match of re in text by what f makes
// of its submatches, except in the fenced code blocks fenced and in code
// spans (an odd number of backticks before it on its line).
func replaceOutsideCode(text string, re *regexp.Regexp, fenced [][2]int, f func([]string) string) string {
	var b strings.Builder
	prev := 0
	for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
		start, end := m[0], m[1]
		ls := strings.LastIndexByte(text[:start], '\n') + 1
		if inRanges(fenced, start) || strings.Count(text[ls:start], "`")%2 == 1 {
			continue
		}
		sub := make([]string, len(m)/2)
		for i := range sub {
			if m[2*i] >= 0 {
				sub[i] = text[m[2*i]:m[2*i+1]]
			}
		}
		b.WriteString(text[prev:start])
		b.WriteString(f(sub))
		prev = end
	}
	if prev == 0 {
		return text
	}
	b.WriteString(text[prev:])
	return b.String()
}
