// Package emoji is a goldmark extension for the shortcodes of
// pymdownx.emoji, as Material for MkDocs sets it up
// (https://squidfunk.github.io/mkdocs-material/reference/icons-emojis/):
// ":smile:" is an emoji, ":material-dice-6:", ":fontawesome-solid-dice:",
// ":octicons-rocket-24:" and ":simple-github:" are icons.
//
// An emoji shortcode of the twemoji index (the index Material's
// material.extensions.emoji.twemoji extends; twemoji.txt, 2,308 names
// with their aliases, skin-tone variants left out) becomes its Unicode
// emoji. sitegen ships no icon set: an icon shortcode, or one of the
// site's own icons (pymdownx.emoji's custom_icons folders), is dropped
// from the text with a warning, never printed, so a heading's title
// ("# UNO :fontawesome-solid-cards-blank:") has none either. Any other
// ":word:" is text, as pymdownx.emoji leaves it.
package emoji

import (
	"bufio"
	"bytes"
	_ "embed"
	"strconv"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// twemojiIndex is gen_twemoji.py's output: "name code-points" lines.
//
//go:embed twemoji.txt
var twemojiIndex string

// table maps a shortcode's name to its emoji, read once.
var table = sync.OnceValue(func() map[string]string {
	m := make(map[string]string, 2400)
	sc := bufio.NewScanner(strings.NewReader(twemojiIndex))
	for sc.Scan() {
		name, points, ok := strings.Cut(sc.Text(), " ")
		if !ok || strings.HasPrefix(name, "#") {
			continue
		}
		var b strings.Builder
		for _, p := range strings.Split(points, "-") {
			r, err := strconv.ParseUint(p, 16, 32)
			if err != nil {
				b.Reset()
				break
			}
			b.WriteRune(rune(r))
		}
		if b.Len() > 0 {
			m[name] = b.String()
		}
	}
	return m
})

// Lookup returns the emoji of a shortcode's name ("smile", without its
// colons).
func Lookup(name string) (string, bool) {
	e, ok := table()[name]
	return e, ok
}

// IconSets are the prefixes of the icon shortcodes Material for MkDocs
// bundles ("The following icon sets are bundled with Material for
// MkDocs: Material Design, FontAwesome, Octicons, Simple Icons",
// https://squidfunk.github.io/mkdocs-material/reference/icons-emojis/#search).
var IconSets = []string{"material-", "fontawesome-", "octicons-", "simple-"}

// Warn reports a problem at a source offset of the page being parsed.
type Warn func(pc parser.Context, offset int, msg string)

// Extension adds the shortcodes to a goldmark instance.
type Extension struct {
	// CustomIcons are the names of the site's own icons (custom_icons:
	// "command" for .icons/command.svg, "brand-x" for .icons/brand/x.svg).
	CustomIcons map[string]bool
	Warn        Warn
	// AttrList: attr_list is on, and an attribute list right after a
	// shortcode ("{ title=… }") is the icon's (Strip leaves it out too).
	AttrList bool
}

// Extend implements goldmark.Extender.
func (e Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithInlineParsers(util.Prioritized(inline{e}, 999)))
}

type inline struct{ e Extension }

func (inline) Trigger() []byte { return []byte{':'} }

// Parse reads ":name:" at the reader, pymdownx.emoji's pattern
// `:[+\-\w]+:`.
func (p inline) Parse(_ ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	end, emoji, ok := p.e.shortcode(line)
	if !ok {
		return nil
	}
	block.Advance(end)
	if emoji != "" {
		return ast.NewString([]byte(emoji))
	}
	if p.e.Warn != nil {
		p.e.Warn(pc, seg.Start, "icon shortcode \""+string(line[:end])+"\" dropped: sitegen ships no icon set (Material for MkDocs draws it as an SVG icon)")
	}
	return ast.NewString(nil)
}

// shortcode reads the shortcode line starts with (at its ':'): its
// length, and its emoji ("" for an icon); ok is false when line starts
// with none this extension reads.
func (e Extension) shortcode(line []byte) (end int, emoji string, ok bool) {
	end = 1
	for end < len(line) && end <= 100 && (isWord(line[end]) || line[end] == '+' || line[end] == '-') {
		end++
	}
	if end == 1 || end >= len(line) || line[end] != ':' {
		return 0, "", false
	}
	name := string(line[1:end])
	if em, ok := Lookup(name); ok {
		return end + 1, em, true
	}
	if !e.CustomIcons[name] && !hasIconPrefix(name) {
		return 0, "", false
	}
	return end + 1, "", true
}

// Strip removes the shortcodes from a heading's text, for its id:
// Python-Markdown's toc makes the id from the heading's rendered text
// ("slugify: Callable to generate anchors",
// https://python-markdown.github.io/extensions/toc/), and Material's
// to_svg generator draws emoji and icons as inline SVG, which has no
// text: "### Aftershock :ui-x:" is "aftershock". With attr_list, an
// attribute list right after a shortcode goes with it: it is the
// icon's ("{ title="Optional" }", https://python-markdown.github.io/extensions/attr_list/).
func (e Extension) Strip(heading []byte) []byte {
	if !strings.Contains(string(heading), ":") {
		return heading
	}
	out := make([]byte, 0, len(heading))
	for i := 0; i < len(heading); {
		if heading[i] == ':' {
			if end, _, ok := e.shortcode(heading[i:]); ok {
				i += end
				if e.AttrList && i < len(heading) && heading[i] == '{' {
					if close := bytes.IndexByte(heading[i:], '}'); close > 0 {
						i += close + 1
					}
				}
				continue
			}
		}
		out = append(out, heading[i])
		i++
	}
	return out
}

func hasIconPrefix(name string) bool {
	for _, p := range IconSets {
		if strings.HasPrefix(name, p) && len(name) > len(p) {
			return true
		}
	}
	return false
}

// isWord is Python's \w for ASCII: letters, digits, underscore (and any
// byte of a multi-byte character, which \w mostly takes).
func isWord(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}
