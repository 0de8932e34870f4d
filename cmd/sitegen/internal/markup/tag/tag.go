// Package tag is a goldmark extension for Obsidian's inline tags: #name
// (letters, digits, emoji, combining marks, "_", "-", and "/" between nested
// names, none empty; at least one character not a digit; after a blank or
// at the start of a line, with Quartz after a space only; not "(#x)", a
// link's fragment). The
// parser makes a Node; whoever knows where tag pages live sets
// Node.Destination, and the tag renders as a link to its page (else as
// text in a span).
package tag

import (
	"regexp"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Kind is the AST kind of a tag.
var Kind = ast.NewNodeKind("Tag")

// Node is an inline #tag.
type Node struct {
	ast.BaseInline
	// Name is the tag without its '#' ("spells/fire").
	Name string
	// Destination is the URL of the tag's page, set by a resolver.
	Destination string
}

// Kind implements ast.Node.
func (n *Node) Kind() ast.NodeKind { return Kind }

// Dump implements ast.Node.
func (n *Node) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Name": n.Name}, nil)
}

// nameRE matches a tag's name after its '#': letters, numbers, "_", "-",
// "/", and the emoji and combining marks Quartz's tagRegex takes
// ("[-_\p{L}\p{Emoji}\p{M}\d]", Quartz 4.5.1
// quartz/plugins/transformers/ofm.ts) and Obsidian accepts though its
// list of characters does not name them: one rule for both. Go's regexp
// has no \p{Emoji}: \p{So} (other symbols: pictographs, dingbats, ✔, ⬛)
// and the skin-tone modifiers stand for it; \p{M} holds the variation
// selector of "✔️" and the vowel signs of Devanagari. Nested names are
// separated by one "/", none empty (Quartz's "(?:\/[…]+)*"): "#a//b" is
// the tag a.
var nameRE = regexp.MustCompile(`^` + nameChars + `+(?:/` + nameChars + `+)*`)

// nameChars are the characters of one name of a tag.
const nameChars = `[\p{L}\p{N}\p{M}\p{So}\x{1F3FB}-\x{1F3FF}_-]`

// Scan returns the name of the tag at the start of s ("#name"), or "".
func Scan(s []byte) string {
	if len(s) < 2 || s[0] != '#' {
		return ""
	}
	name := nameRE.Find(s[1:])
	for _, r := range string(name) {
		if !unicode.IsDigit(r) {
			return string(name)
		}
	}
	return "" // "#1" is a number, not a tag
}

// All returns the names of the tags in a line of text, in order, as
// Obsidian reads them (after any blank).
func All(line []byte) []string { return all(line, isSpace) }

// AllQuartz returns them as Quartz reads them: after a space only
// (Quartz).
func AllQuartz(line []byte) []string { return all(line, isQuartzSpace) }

func all(line []byte, before func(byte) bool) []string {
	var out []string
	for i := 0; i < len(line); i++ {
		if line[i] != '#' || (i > 0 && !before(line[i-1])) {
			continue
		}
		if name := Scan(line[i:]); name != "" {
			out = append(out, name)
			i += len(name)
		}
	}
	return out
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' }

// isQuartzSpace is what may come before a tag in Quartz: "(?:^| )#",
// a space or the start (a line's, here).
func isQuartzSpace(b byte) bool { return b == ' ' || b == '\n' }

type inlineParser struct{ spaceOnly bool }

func (inlineParser) Trigger() []byte { return []byte{'#'} }

func (p inlineParser) Parse(_ ast.Node, block text.Reader, pc parser.Context) ast.Node {
	prev := block.PrecendingCharacter()
	if prev != '\n' && prev != utf8.RuneError && !unicode.IsSpace(prev) || p.spaceOnly && prev == '\t' {
		return nil
	}
	line, _ := block.PeekLine()
	name := Scan(line)
	if name == "" {
		return nil
	}
	block.Advance(1 + len(name))
	pc.Set(foundKey, true)
	return &Node{Name: name}
}

// foundKey marks a parse that found a tag (see Found).
var foundKey = parser.NewContextKey()

// Found reports whether the parse with context pc found a tag.
func Found(pc parser.Context) bool { return pc.Get(foundKey) != nil }

type htmlRenderer struct{}

func (htmlRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(Kind, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkSkipChildren, nil
		}
		n := node.(*Node)
		if n.Destination == "" {
			_, _ = w.WriteString(`<span class="tag">#`)
		} else {
			_, _ = w.WriteString(`<a class="tag" href="`)
			_, _ = w.Write(util.EscapeHTML(util.URLEscape([]byte(n.Destination), false)))
			_, _ = w.WriteString(`">#`)
		}
		_, _ = w.Write(util.EscapeHTML([]byte(n.Name)))
		if n.Destination == "" {
			_, _ = w.WriteString("</span>")
		} else {
			_, _ = w.WriteString("</a>")
		}
		return ast.WalkSkipChildren, nil
	})
}

// Extension adds inline tags to a goldmark instance, as Obsidian reads
// them.
var Extension goldmark.Extender = extension{}

// Quartz adds them as Quartz reads them: its tagRegex,
// "(?:^| )#((?:[-_\p{L}\p{Emoji}\p{M}\d])+(?:\/[-_\p{L}\p{Emoji}\p{M}\d]+)*)"
// (quartz/plugins/transformers/ofm.ts, Quartz 4.5.1), takes a tag after
// a space, not after a tab.
var Quartz goldmark.Extender = extension{spaceOnly: true}

type extension struct{ spaceOnly bool }

// Extend implements goldmark.Extender.
func (e extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithInlineParsers(util.Prioritized(inlineParser{spaceOnly: e.spaceOnly}, 300)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(htmlRenderer{}, 100)))
}
