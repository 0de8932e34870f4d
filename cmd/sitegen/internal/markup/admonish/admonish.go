// Package admonish is a goldmark extension for mdbook-admonish, the mdBook
// preprocessor a book turns on with [preprocessor.admonish] in book.toml
// (https://tommilligan.github.io/mdbook-admonish/): a fenced code block
// whose info string starts with the word "admonish" is a callout, rendered
// by package markup/callout like every other callout.
//
//	```admonish warning title="Data loss", collapsible=true
//	The following steps can lead to irrecoverable data corruption.
//	```
//
// The plugin's rules, as its documentation and its source state them
// (each quoted in admonish_test.go):
//
//   - the rest of the info string is read as the plugin reads it, the
//     first reading that succeeds: the pairs of a TOML inline table
//     (title="x", collapsible=true, class="a b", type="tip"), the first
//     word being the directive when it is not a pair; space-separated
//     key=value pairs; or the first form, a directive, ".class"es and a
//     quoted title ("warning "Title"");
//   - no directive is a note; a directive the plugin does not know is a
//     note too, titled "Note" unless a title is given;
//   - without title the title is the directive with its first letter in
//     upper case ("tldr" TL;DR, "faq" FAQ); title="" shows no title bar;
//   - collapsible=true makes the block collapsed, openable;
//   - the content is Markdown, nested fences included (tildes around
//     backticks).
//
// An info string none of the readings accepts is warned at its fence and
// the block shown as written (the plugin shows a box with the error,
// on_failure = "continue"). class= is read and not applied: the book's
// own CSS for it is not sitegen's theme. The book's defaults
// ([preprocessor.admonish.default] title and collapsible) apply to the
// blocks that do not set their own.
package admonish

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"d6codex/cmd/sitegen/internal/markup/callout"
)

// DefaultTitle is the title of an unknown directive's block.
const DefaultTitle = "Note"

// Keyword is the first word of an admonish block's info string.
const Keyword = "admonish"

// MaxInfo bounds the info string read as TOML: the parser's time grows
// faster than the square of its nesting, and an info string is a line.
const MaxInfo = 1024

// Warn reports a problem at a source offset of the page being parsed.
type Warn func(pc parser.Context, offset int, msg string)

// Config is what an admonish block's info string sets (the plugin's
// InstanceConfig).
type Config struct {
	Directive   string
	Title       *string // nil: the directive's title
	Classes     []string
	Collapsible *bool // nil: the book's default
}

// Defaults are the book's [preprocessor.admonish.default]: a title for
// blocks that set none (nil: the directive's), and whether blocks that
// do not say are collapsible.
type Defaults struct {
	Title       *string
	Collapsible bool
}

// userInput is the plugin's UserInput: the keys it reads; others are
// ignored, as serde ignores them.
type userInput struct {
	Type        *string `toml:"type"`
	Title       *string `toml:"title"`
	ID          *string `toml:"id"`
	Class       *string `toml:"class"`
	Collapsible *bool   `toml:"collapsible"`
}

func (u userInput) config() Config {
	c := Config{Title: u.Title}
	if u.Type != nil {
		c.Directive = *u.Type
	}
	if u.Class != nil {
		c.Classes = strings.Fields(*u.Class)
	}
	c.Collapsible = u.Collapsible
	return c
}

var (
	// directiveRE is the plugin's RX_DIRECTIVE.
	directiveRE = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)
	// bareKeyRE is v2's RX_BARE_KEY_ASSIGNMENT.
	bareKeyRE = regexp.MustCompile(`(?:[A-Za-z0-9_-]+) *=`)
	// v1RE is v1's RX_CONFIG_STRING_V1.
	v1RE = regexp.MustCompile(`^([a-z]+)?(\.(-?[_a-zA-Z]+[_a-zA-Z0-9-]*)?)*( ".*")?$`)
)

// decode reads a TOML document into a userInput.
func decode(doc string) (userInput, error) {
	var u userInput
	_, err := toml.Decode(doc, &u)
	return u, err
}

// inline reads the pairs of a TOML inline table into a userInput.
func inline(pairs string) (userInput, error) {
	var w struct {
		Config userInput `toml:"config"`
	}
	_, err := toml.Decode("config = { "+pairs+" }", &w)
	return w.Config, err
}

// v3 reads the pairs of an inline table, the first word the directive
// when the pairs alone do not parse.
func v3(s string) (Config, error) {
	u, err := inline(s)
	if err == nil {
		return u.config(), nil
	}
	directive, rest, _ := strings.Cut(s, " ")
	directive, rest = strings.TrimSpace(directive), strings.TrimSpace(rest)
	if !directiveRE.MatchString(directive) {
		return Config{}, fmt.Errorf("'%s' is not a valid directive or TOML key-value pair", directive)
	}
	if u, err = inline(rest); err != nil {
		return Config{}, fmt.Errorf("TOML parsing error: %v", err)
	}
	c := u.config()
	c.Directive = directive
	return c, nil
}

// v2 reads space-separated key=value pairs, each put on a line of its own.
func v2(s string) (Config, error) {
	doc := strings.TrimSpace(bareKeyRE.ReplaceAllStringFunc(s, func(m string) string { return "\n" + m }))
	if u, err := decode(doc); err == nil {
		return u.config(), nil
	}
	directive, rest, _ := strings.Cut(doc, "\n")
	directive = strings.TrimSpace(directive)
	if !directiveRE.MatchString(directive) {
		return Config{}, fmt.Errorf("'%s' is not a valid directive", directive)
	}
	u, err := decode(rest)
	if err != nil {
		return Config{}, err
	}
	c := u.config()
	c.Directive = directive
	return c, nil
}

// v1 reads a directive, its ".class"es and a title as a JSON string.
func v1(s string) (Config, error) {
	if !v1RE.MatchString(s) {
		return Config{}, fmt.Errorf("invalid configuration string")
	}
	var c Config
	directive, title, hasTitle := strings.Cut(s, " ")
	if hasTitle {
		var t string
		if err := json.Unmarshal([]byte(title), &t); err != nil {
			return Config{}, fmt.Errorf("error parsing JSON string: %v", err)
		}
		c.Title = &t
	}
	directive, classes, _ := strings.Cut(directive, ".")
	c.Directive = directive
	for _, class := range strings.Split(classes, ".") {
		if class != "" {
			c.Classes = append(c.Classes, class)
		}
	}
	return c, nil
}

// Parse reads the rest of an admonish block's info string (after the
// word "admonish"), as the plugin does (from_admonish_config_string):
// v3, else v2, else v1, else v3's error.
func Parse(s string) (Config, error) {
	s = strings.TrimSpace(s)
	if len(s) > MaxInfo {
		return Config{}, fmt.Errorf("the info string is longer than %d bytes: sitegen reads at most %d", MaxInfo, MaxInfo)
	}
	c, err := v3(s)
	if err == nil {
		return c, nil
	}
	if c, err2 := v2(s); err2 == nil {
		return c, nil
	}
	if c, err1 := v1(s); err1 == nil {
		return c, nil
	}
	return Config{}, err
}

// builtin maps the plugin's directives and their other names to the
// callout kind they share (BuiltinDirective::from_str).
var builtin = map[string]string{
	"note": "note", "abstract": "abstract", "summary": "abstract", "tldr": "abstract",
	"info": "info", "todo": "info", "tip": "tip", "hint": "tip", "important": "tip",
	"success": "success", "check": "success", "done": "success",
	"question": "question", "help": "question", "faq": "question",
	"warning": "warning", "caution": "warning", "attention": "warning",
	"failure": "failure", "fail": "failure", "missing": "failure",
	"danger": "danger", "error": "danger", "bug": "bug", "example": "example",
	"quote": "quote", "cite": "quote",
}

// Resolve is the callout kind, title and fold of a block's configuration
// with the book's defaults (resolve.rs): an unknown or missing directive
// is a note titled "Note"; the block's title, else the default title,
// else the directive's.
func Resolve(c Config, d Defaults) (kind, title string, collapsible bool) {
	kind, known := builtin[c.Directive]
	switch {
	case !known:
		kind, title = "note", DefaultTitle
	case c.Directive == "tldr":
		title = "TL;DR"
	case c.Directive == "faq":
		title = "FAQ"
	default:
		title = strings.ToUpper(c.Directive[:1]) + c.Directive[1:]
	}
	switch {
	case c.Title != nil:
		title = *c.Title
	case d.Title != nil:
		title = *d.Title
	}
	collapsible = d.Collapsible
	if c.Collapsible != nil {
		collapsible = *c.Collapsible
	}
	return kind, title, collapsible
}

// block is the state of an open admonish block, kept on its node.
type block struct {
	fence  byte // '`' or '~'
	length int  // of the opening fence
	indent int  // of the opening fence: removed from each line, as from code
}

// stateKey holds, in a parse's parser.Context, the state of each open
// block by its node (blocks nest).
var stateKey = parser.NewContextKey()

func states(pc parser.Context) map[*callout.Node]*block {
	m, _ := pc.Get(stateKey).(map[*callout.Node]*block)
	if m == nil {
		m = map[*callout.Node]*block{}
		pc.Set(stateKey, m)
	}
	return m
}

// blockParser parses admonish blocks.
type blockParser struct {
	warn     Warn
	defaults Defaults
}

// Trigger implements parser.BlockParser.
func (blockParser) Trigger() []byte { return []byte{'`', '~'} }

// Open implements parser.BlockParser: a fence whose info string's first
// word is "admonish".
func (p blockParser) Open(_ ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	pos := pc.BlockOffset()
	c, i, ok := callout.OpenFence(line, pos)
	if !ok {
		return nil, parser.NoChildren
	}
	info := bytes.TrimSpace(line[i:])
	rest, ok := bytes.CutPrefix(info, []byte(Keyword))
	if !ok || len(rest) > 0 && rest[0] != ' ' {
		return nil, parser.NoChildren // most fences are code: their info string is read no further
	}
	if c == '`' && bytes.IndexByte(line[i:], '`') >= 0 {
		return nil, parser.NoChildren // not a fence (CommonMark: no backtick in a backtick fence's info)
	}
	cfg, err := Parse(string(rest))
	if err != nil {
		if p.warn != nil {
			p.warn(pc, seg.Start+pos, fmt.Sprintf("admonish block (mdbook-admonish): %v: shown as written", err))
		}
		return nil, parser.NoChildren
	}
	kind, title, collapsible := Resolve(cfg, p.defaults)
	n := &callout.Node{Style: callout.Style(kind), Collapsible: collapsible}
	switch at := bytes.Index(rest, []byte(title)); {
	case title == "" && n.Collapsible:
		n.Title = DefaultTitle // a <details> needs its summary
	case title != "" && at >= 0 && !n.Collapsible:
		// The title is Markdown: read from the source where it is
		// written as it is (no escapes in it).
		start := seg.Start + i + bytes.Index(line[i:], info) + len(Keyword) + at
		t := &callout.TitleNode{}
		t.Lines().Append(text.NewSegment(start, start+len(title)))
		n.AppendChild(n, t)
	default:
		n.Title = title
	}
	states(pc)[n] = &block{fence: c, length: i - pos, indent: pos}
	reader.Advance(seg.Len() - 1)
	return n, parser.HasChildren
}

// Continue implements parser.BlockParser: a closing fence ends the block;
// the other lines are its content, less the fence's indentation.
func (blockParser) Continue(n ast.Node, reader text.Reader, pc parser.Context) parser.State {
	st := states(pc)[n.(*callout.Node)]
	if st == nil {
		return parser.Close
	}
	if callout.ContinueFenced(reader, st.fence, st.length, st.indent) {
		return parser.Close
	}
	return parser.Continue | parser.HasChildren
}

// Close implements parser.BlockParser.
func (blockParser) Close(n ast.Node, _ text.Reader, pc parser.Context) {
	delete(states(pc), n.(*callout.Node))
}

// CanInterruptParagraph implements parser.BlockParser: a fence does.
func (blockParser) CanInterruptParagraph() bool { return true }

// CanAcceptIndentedLine implements parser.BlockParser.
func (blockParser) CanAcceptIndentedLine() bool { return false }

// Extension adds admonish blocks to a goldmark instance that renders
// callouts (callout.Extension).
type Extension struct {
	// Warn receives an info string the plugin cannot read; nil drops it.
	Warn Warn
	// Defaults are the book's [preprocessor.admonish.default].
	Defaults Defaults
}

// Extend implements goldmark.Extender. The parser comes before goldmark's
// fenced code blocks (700), which take every other fence.
func (e Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(blockParser{warn: e.Warn, defaults: e.Defaults}, 690)))
}
