// Package inlinedice is a goldmark extension for the inline rolls of
// Obsidian's Dice Roller plugin (javalent/dice-roller), which Quartz's
// DiceRolls plugin reads alike: inline code that starts with "dice:"
// (or dice+:, dice-:, dice-mod:) is a roll.
//
//	`dice: 1d6*10`  `dice:2d20kh`  `dice: 1d6 + STR|nodice`  `dice: 3d[[Note^table]]`
//	`dice: [](tables.md#^table)` (a roller of a Markdown link, as ttrpg-convert-cli writes them)
//
// A formula is read in the Dice Roller's notation by package
// rules/dice/expr (ParseNotation with expr.DiceRoller), the one dice
// language of the site; names in it are the page's front matter or
// Dataview inline fields (STR:: 3) with whole-number values. Its exact
// odds are computed as the page is parsed and rendered beside it by
// calc/render.Odds; the script rolls it from a plan of the expression
// (Node.Plan) and shows the dice. A formula that cannot be computed
// exactly is a warning and shows as written. A roller of a [[link]]
// (a table, a list, a note's lines or sections) is left to whoever
// resolves links: it sets Node.Options.
package inlinedice

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"io"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"go.abhg.dev/goldmark/frontmatter"

	"d6codex/calc/render"
	"d6codex/cmd/sitegen/internal/dataview/fields"
	"d6codex/cmd/sitegen/internal/dataview/query"
	"d6codex/rules/dice/expr"
)

// Kind is the AST kind of an inline roll.
var Kind = ast.NewNodeKind("InlineDice")

// MaxPageWork is the dice work the inline rolls of one page may spend
// together when the pipeline gives them no budget of the page's
// (Extension.Budget: in sitegen, the page's dice budget, shared with its
// dice blocks), in the units of expr.MaxWork (a few ordinary rolls cost
// hundreds; a page may hold three rolls at the bound of one, or thousands
// of ordinary ones). Past it a roll is a warning and shows as written.
const MaxPageWork = 1e9

// spent is the warning of a roll past the page's budget.
const spent = "the dice of this page need more computation than one page may spend"

// maxQuoted is the most of a roll's text a message quotes, in bytes.
const maxQuoted = 80

// Named is the roll as a message names it: `inline roll "dice: 1d6"`,
// its text cut after maxQuoted bytes (at a character) with "…", since a
// message's line and column say where it is.
func (n *Node) Named() string {
	raw := n.Raw
	if len(raw) > maxQuoted {
		cut := maxQuoted
		for cut > 0 && !utf8.RuneStart(raw[cut]) {
			cut--
		}
		raw = raw[:cut] + "…"
	}
	return "inline roll " + strconv.Quote(raw)
}

// Node is an inline roll.
type Node struct {
	ast.BaseInline
	// Raw is the code span's text ("dice: 1d6 + STR|nodice").
	Raw string
	// Formula is what follows "dice:" without its flags ("1d6 + STR").
	Formula string
	// Label is what the roll shows in place of its formula (|text(...)).
	Label string
	// NoDice hides the die icon (|nodice).
	NoDice bool
	// Start is the source offset of the formula, for messages.
	Start int

	// Expr is the formula as computed (names replaced by their values);
	// Odds the pre-rendered odds and Plan the expression for the script,
	// both empty when the formula was not computed.
	Expr, Odds, Plan string
	// ID is unique on the page (for aria-describedby); Same is the ID of
	// the page's first roll of the same formula, whose odds this one
	// shows (the script copies them; "" for the first).
	ID, Same string

	// Link is set for a roller of a [[link]]: the rows, lines or sections
	// of what it names.
	Link *Link
}

// Link is what a link roller names and, once resolved, picks from.
type Link struct {
	// Count is the roll before the link ("" for one, "3", "1d4+1"; "3d"
	// is 3: a bare d is a d1 here, as the plugin reads it).
	Count string
	// Target and Fragment are the wikilink's note and "^block-id" or
	// heading; Kind is what to pick: "" (the block's rows or items, or
	// the note's blocks), "line", "heading-2", a block type; Column a
	// table's column to pick from (|Header).
	Target, Fragment, Kind, Column string

	// Set by the resolver: the link's URL, each option's HTML and weight
	// (nil weights: all alike), or the problem that left it unresolved.
	URL     string
	Options []string
	Weights []float64
	Problem string
}

// Display is what a link roller shows in place of its source: the note
// and the block or heading it rolls on, as a link to them reads ("Note ›
// id", "3 × Note › Heading"), never the "[[…]]" the Dice Roller replaces
// in reading view.
func (l *Link) Display() string {
	s := strings.TrimSuffix(l.Target, ".md") // a Markdown link's file: the note's name
	if f := strings.TrimPrefix(l.Fragment, "^"); f != "" {
		if s != "" {
			s += " › "
		}
		s += f
	}
	if l.Count != "" {
		s = l.Count + " × " + s
	}
	return s
}

// Kind implements ast.Node.
func (n *Node) Kind() ast.NodeKind { return Kind }

// Dump implements ast.Node.
func (n *Node) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Formula": n.Formula}, nil)
}

// Computed reports whether the roll has its odds (a formula) or its
// options (a link roller).
func (n *Node) Computed() bool {
	if n.Link != nil {
		return len(n.Link.Options) > 0
	}
	return n.Odds != ""
}

// Warn reports a problem at a source offset of the page being parsed.
type Warn func(pc parser.Context, offset int, msg string)

// Extension adds inline rolls to a goldmark instance.
type Extension struct {
	// Warn receives what cannot be computed exactly.
	Warn Warn
	// Budget, when set, gives the dice budget of the page being parsed,
	// which the page's rolls draw from (nil: MaxPageWork of their own).
	Budget func(parser.Context) *expr.Budget
}

// Extend implements goldmark.Extender.
func (e Extension) Extend(m goldmark.Markdown) {
	// Before goldmark's code span parser (100), whose spans it reads.
	m.Parser().AddOptions(parser.WithInlineParsers(util.Prioritized(&inlineParser{warn: e.Warn, budget: e.Budget, code: parser.NewCodeSpanParser(), odds: &oddsCache{m: map[string]sharedOdds{}}}, 99)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(htmlRenderer{}, 100)))
}

type inlineParser struct {
	warn   Warn
	budget func(parser.Context) *expr.Budget
	code   parser.InlineParser
	// odds are the formulas computed so far by the pages this parser
	// parsed (a build's), for the pages that roll them again.
	odds *oddsCache
}

// maxSharedOdds bounds the bytes of odds an oddsCache keeps (a formula's
// are a few kilobytes; a vault rolls a few thousand formulas).
const maxSharedOdds = 16 << 20

// oddsCache is what formulas' odds cost to compute once, shared by the
// pages of a build (parsed at once): safe for concurrent use, bounded by
// maxSharedOdds.
type oddsCache struct {
	mu    sync.Mutex
	m     map[string]sharedOdds
	bytes int
}

// sharedOdds is a formula's odds and plan and the dice work computing
// them took, which a page that uses them spends as if it had computed
// them: its rolls past its budget are refused as they would be.
type sharedOdds struct {
	odds, plan string
	work       float64
}

func (c *oddsCache) get(key string) (sharedOdds, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s, ok := c.m[key]
	return s, ok
}

func (c *oddsCache) put(key string, s sharedOdds) {
	c.mu.Lock()
	defer c.mu.Unlock()
	size := len(key) + len(s.odds) + len(s.plan)
	if _, ok := c.m[key]; ok || c.bytes+size > maxSharedOdds {
		return
	}
	c.m[key] = s
	c.bytes += size
}

func (p *inlineParser) Trigger() []byte { return []byte{'`'} }

// prefix matches what starts a roll, as the plugin's processor does.
var prefix = regexp.MustCompile(`^dice(?:\+|-|-mod)?:`)

func (p *inlineParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, _ := block.PeekLine()
	if !bytes.HasPrefix(bytes.TrimLeft(line, "`"), []byte("dice")) && !bytes.HasPrefix(bytes.TrimLeft(line, "` "), []byte("dice")) {
		return p.code.Parse(parent, block, pc)
	}
	cs := p.code.Parse(parent, block, pc)
	span, ok := cs.(*ast.CodeSpan)
	if !ok {
		return cs
	}
	var raw strings.Builder
	start := -1
	for c := span.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			if start < 0 {
				start = t.Segment.Start
			}
			raw.Write(t.Segment.Value(block.Source()))
		}
	}
	loc := prefix.FindStringIndex(raw.String())
	if loc == nil {
		return cs
	}
	rest := raw.String()[loc[1]:]
	n := &Node{Raw: raw.String(), Start: start + loc[1] + len(rest) - len(strings.TrimLeft(rest, " \t"))}
	n.Formula = readFlags(n, strings.TrimSpace(rest))
	pg := page(pc, block.Source(), p.budget)
	n.ID = pg.rollID()
	pc.Set(foundKey, true)
	if l := readLink(n.Formula); l != nil {
		n.Link = l
		return n
	}
	if msg, col := p.compute(n, pg); msg != "" && p.warn != nil {
		p.warn(pc, n.Start+col, n.Named()+": "+msg+"; it shows as written")
	}
	return n
}

// flagRE matches the plugin's flags (api.ts, getParametersForRoller).
var flagRE = regexp.MustCompile(`\|(no)?(dice|render|form|paren|avg|none|round|floor|ceil|signed)`)
var textRE = regexp.MustCompile(`\|text\((.*)\)`)
var lookupRE = regexp.MustCompile(`\|lookup=.+?(\||$)`)

// readFlags takes the flags off a formula, as the plugin does, and
// returns what is left. The documented ones that change what a page
// shows: |nodice hides the die, |text(...) shows its text in place of the
// formula, |round, |floor and |ceil round the result; the others (|avg,
// |none: the first result shown, |render: 3D dice, |form, |paren, |signed)
// change only the plugin's own display of a result.
func readFlags(n *Node, s string) string {
	s = strings.ReplaceAll(s, `\|`, "|")
	if strings.Contains(s, "|nodice") {
		n.NoDice = true
	}
	if m := textRE.FindStringSubmatch(s); m != nil {
		n.Label = m[1]
	}
	s = textRE.ReplaceAllString(s, "")
	s = lookupRE.ReplaceAllString(s, "")
	return strings.TrimSpace(flagRE.ReplaceAllString(s, ""))
}

// rounding is the rounding a roll's flags ask for, "" for none.
func rounding(raw string) string {
	raw = strings.ReplaceAll(raw, `\|`, "|")
	switch {
	case strings.Contains(raw, "|floor"):
		return "floor"
	case strings.Contains(raw, "|ceil"):
		return "ceil"
	case strings.Contains(raw, "|noround"):
		return ""
	case strings.Contains(raw, "|round"):
		return "round"
	}
	return ""
}

// linkRE reads a link roller: an optional roll, a [[wikilink]], flags.
var linkRE = regexp.MustCompile(`^([^\[]*?)\[\[([^\]|#^]*)(?:#?(\^[^\]|]+|[^\]|]+))?\]\]\s*(?:\|(.*))?$`)

// mdLinkRE reads a link roller written as a Markdown link,
// "[text](link#^block)": the plugin reads it as the [[wikilink]] of that
// link (TABLE_REGEX and SECTION_REGEX in its src/utils/constants.ts start
// with `(?:\[.*\]\(|\[\[)`) and takes the link decodeURIComponent'ed.
var mdLinkRE = regexp.MustCompile(`^([^\[]*?)\[[^\]]*\]\(([^)#^]*)(?:#?(\^[^)|]+|[^)|]+))?\)\s*(?:\|(.*))?$`)

// readLink reads a formula that rolls on a [[link]] or a [text](link),
// nil for any other.
func readLink(f string) *Link {
	m := linkRE.FindStringSubmatch(f)
	if m == nil {
		if m = mdLinkRE.FindStringSubmatch(f); m == nil {
			return nil
		}
		if t, err := url.PathUnescape(m[2]); err == nil {
			m[2] = t
		}
	}
	l := &Link{Count: strings.TrimSpace(m[1]), Target: strings.TrimSpace(m[2]), Fragment: strings.TrimSpace(m[3])}
	if strings.HasPrefix(m[3], "#") {
		l.Fragment = strings.TrimPrefix(l.Fragment, "#")
	}
	for _, f := range strings.Split(m[4], "|") {
		switch f = strings.TrimSpace(f); {
		case f == "":
		case f == "line" || f == "xy" || f == "link" || f == "-" || f == "+":
			l.Kind = f
		case strings.HasPrefix(f, "heading") || blockTypes[f] || strings.Contains(f, ","):
			l.Kind = f
		default:
			l.Column = f
		}
	}
	return l
}

// blockTypes are the block types the plugin's section rollers filter by.
var blockTypes = map[string]bool{"blockquote": true, "callout": true, "code": true, "html": true, "list": true,
	"listItem": true, "paragraph": true, "table": true, "heading": true, "thematicBreak": true, "yaml": true, "toml": true}

// compute parses, resolves names in and evaluates the roll's formula,
// filling Expr, Odds and Plan; it returns why it could not, and the byte
// of the formula at fault when it is known.
func (p *inlineParser) compute(n *Node, pg *pageRolls) (string, int) {
	if loc := otherDie.FindStringSubmatchIndex(n.Formula); loc != nil {
		w := n.Formula[loc[4]:loc[5]]
		return fmt.Sprintf("%q is not a die: the Dice Roller reads only d or D (2d6, 2D6) and does not roll it either; write %sd%s", w, n.Formula[loc[2]:loc[3]], w[1:]), loc[4]
	}
	f, msg := pg.substitute(n.Formula)
	if msg != "" {
		return msg, 0
	}
	n.Expr = f
	key := f + "|" + rounding(n.Raw)
	c, ok := pg.cache[key]
	if !ok {
		c = p.eval(pg, key, f, rounding(n.Raw))
		pg.cache[key] = c
	}
	if c.msg != "" {
		col := 0
		if c.col > 0 && f == n.Formula { // the formula as written
			col = len(string([]rune(f)[:min(c.col-1, len([]rune(f)))]))
		}
		return c.msg, col
	}
	n.Odds, n.Plan = c.odds, c.plan
	if first, seen := pg.first[key]; seen {
		n.Same = first
	} else {
		pg.first[key] = n.ID
	}
	return "", 0
}

// otherDie matches a die written with another language's letter after
// its count (the German W of Würfel, "2W6"): the plugin's lexer reads a die only as
// /(?:\d+|\b)[Dd](?:%|F|-?\d+|…)/ (src/lexer/lexer.ts, OMITTED_REGEX), so
// it rolls none; group 1 is the count, group 2 the letter and its faces.
var otherDie = regexp.MustCompile(`(?:^|[^\pL\d])(\d+)([Ww]\d+)\b`)

// computed is one formula's result, kept for the page's other rolls of it.
type computed struct {
	odds, plan, msg string
	col             int // the column of the formula at fault, 0 if none
}

// failed is a computed of an error.
func failed(err error) computed {
	if e, ok := err.(*expr.Error); ok {
		return computed{msg: e.Msg, col: e.Col}
	}
	return computed{msg: err.Error()}
}

// eval is a formula's odds (key is the formula and its rounding): those
// another page computed, spending their work from the page's, else
// computed.
func (p *inlineParser) eval(pg *pageRolls, key, f, round string) computed {
	if p.odds != nil {
		if s, ok := p.odds.get(key); ok && pg.budget.Left() > 0 && pg.budget.Spend(s.work) {
			return computed{odds: s.odds, plan: s.plan}
		}
	}
	c, work := pg.eval(f, round)
	if p.odds != nil && c.msg == "" {
		p.odds.put(key, sharedOdds{odds: c.odds, plan: c.plan, work: work})
	}
	return c
}

// eval computes a formula with what is left of the page's work, and
// returns the work it spent.
func (pg *pageRolls) eval(f, round string) (computed, float64) {
	if special.MatchString(f) {
		return computed{msg: "the Dice Roller's Fantasy AGE stunt and narrative dice are not computed here"}, 0
	}
	items, err := expr.ParseNotation(f, expr.DiceRoller)
	if err != nil {
		return failed(err), 0
	}
	it := items[0]
	if round != "" {
		expr.RoundResult(it, round)
	}
	if pg.budget.Left() <= 0 {
		return computed{msg: spent}, 0
	}
	// A roll refused for its work is charged what it was allowed, not
	// what it asked for: it did no more (expr.Budget).
	r, work, err := pg.budget.EvalItemWork(it)
	if err != nil {
		if _, over := err.(*expr.BudgetError); over {
			return computed{msg: spent}, work
		}
		return failed(err), work
	}
	if r.Dist.Empty() {
		return computed{msg: "it has no result"}, work
	}
	var b strings.Builder
	render.Odds(&b, r.Dist, r.Mean, r.Truncated > 0)
	return computed{odds: b.String(), plan: Plan(it.Node)}, work
}

// special matches the plugin's dice that are not numbers: a Fantasy AGE
// stunt die (1dS) and Genesys narrative dice (3g2p, "2pro 1diff").
var special = regexp.MustCompile(`^(?:1[dD]S|(?:\d*(?:[GgYyBbRrPpSsWwAaCcDdFf]|pro|boo|blk|sb|diff)\s*)+)$`)

// foundKey marks a parse that found an inline roll (see Found).
var foundKey = parser.NewContextKey()

// Found reports whether the parse with context pc found an inline roll.
func Found(pc parser.Context) bool { return pc.Get(foundKey) != nil }

// pageKey holds a page's *pageRolls in its parser.Context.
var pageKey = parser.NewContextKey()

// pageRolls is what the rolls of one page share: its names, its work,
// the formulas computed so far and a count for ids.
type pageRolls struct {
	vars   map[string]string // name -> value as written, read by names on first use
	src    []byte            // the page's source, for vars and id
	fm     *frontmatter.Data // the page's front matter, for vars; nil without
	budget *expr.Budget      // the page's dice work left
	cache  map[string]computed
	first  map[string]string // formula -> the ID of its first roll
	id     string            // set by rollID on the page's first roll
	count  int
}

// Share makes the parse with context to a part of the page parsed with
// context from (whose source is src): a text of the page parsed apart, as
// a block's field is, numbers its rolls after the page's, shows the odds
// of a formula once a page, spends the page's work (budget, read from
// from) and reads the page's names.
func Share(from parser.Context, src []byte, to parser.Context, budget func(parser.Context) *expr.Budget) {
	to.Set(pageKey, page(from, src, budget))
}

func page(pc parser.Context, src []byte, budget func(parser.Context) *expr.Budget) *pageRolls {
	if pg, ok := pc.Get(pageKey).(*pageRolls); ok {
		return pg
	}
	// The page's names and its rolls' ID are read when a roll needs them
	// (names, rollID): a page without rolls, or a block of it parsed
	// apart (Share) without any, pays for neither.
	pg := &pageRolls{src: src, fm: frontmatter.Get(pc), cache: map[string]computed{}, first: map[string]string{}}
	if budget != nil {
		pg.budget = budget(pc)
	}
	if pg.budget == nil {
		pg.budget = expr.NewBudget(MaxPageWork)
	}
	pc.Set(pageKey, pg)
	return pg
}

// rollID is the ID of the page's next roll, the page's own (a hash of its
// source) and the roll's number on it.
func (pg *pageRolls) rollID() string {
	if pg.id == "" {
		h := fnv.New32a()
		h.Write(pg.src)
		pg.id = strconv.FormatUint(uint64(h.Sum32()), 36)
	}
	pg.count++
	return "roll-" + pg.id + "-" + strconv.Itoa(pg.count)
}

// names returns the page's inline fields and front matter's scalars by
// name, read on first use.
func (pg *pageRolls) names() map[string]string {
	if pg.vars != nil {
		return pg.vars
	}
	pg.vars = Fields(pg.src)
	if pg.fm != nil {
		var m map[string]any
		if pg.fm.Decode(&m) == nil {
			for k, v := range m {
				switch v := v.(type) {
				case int, int64, uint64, float64, string:
					for _, k := range []string{k, strings.ToLower(k)} {
						if _, set := pg.vars[k]; !set {
							pg.vars[k] = strings.TrimSpace(toString(v))
						}
					}
				}
			}
		}
	}
	return pg.vars
}

func toString(v any) string {
	switch v := v.(type) {
	case int:
		return strconv.Itoa(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case uint64:
		return strconv.FormatUint(v, 10)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case string:
		return v
	}
	return ""
}

// nameRE matches a name in a formula as the plugin's lexer reads one: a
// letter and at least one more letter, digit or underscore.
var nameRE = regexp.MustCompile(`\b[A-Za-z][A-Za-z0-9_]+\b`)

// diceWord matches what the notation itself spells with letters.
var diceWord = regexp.MustCompile(`^(?:\d*[dD](?:F|\d+)?|kh\d*|kl\d*|dh\d*|dl\d*|k\d*|r\d*|ri|i|u|s|sa|sd|dF)$`)

// substitute replaces the names in a formula by their values: the page's
// inline fields and front matter, by the name as written or as Dataview
// keys it (lower case, spaces as dashes). A name with no whole-number
// value is the message.
func (pg *pageRolls) substitute(f string) (string, string) {
	var msg string
	out := nameRE.ReplaceAllStringFunc(f, func(name string) string {
		vars := pg.names()
		v, ok := vars[name]
		if !ok {
			v, ok = vars[strings.ToLower(name)]
		}
		if !ok {
			if !diceWord.MatchString(name) && msg == "" {
				msg = "no inline field or front matter " + strconv.Quote(name) + " on this page"
			}
			return name
		}
		if _, err := strconv.Atoi(v); err != nil {
			if msg == "" {
				msg = strconv.Quote(name) + " is " + strconv.Quote(v) + ", not a whole number"
			}
			return name
		}
		return "(" + v + ")"
	})
	return out, msg
}

// Fields reads a page's Dataview inline fields by Dataview's own rules
// (fields.Scan, which the data queries read too), keyed both as written
// and as Dataview sanitizes a name (query.Canonical: lower case, a run of
// spaces one dash); a later field of a name wins, as the plugin's note
// says one does.
func Fields(src []byte) map[string]string {
	out := map[string]string{}
	if !bytes.Contains(src, []byte("::")) {
		return out
	}
	for _, f := range fields.Scan(src, nil) {
		k := strings.TrimSpace(f.Key)
		out[k] = f.Value
		out[query.Canonical(k)] = f.Value
	}
	return out
}

// htmlWriter is what writeHTML writes to: goldmark's util.BufWriter.
type htmlWriter interface {
	io.Writer
	io.StringWriter
	io.ByteWriter
}

// htmlRenderer renders inline rolls.
type htmlRenderer struct{}

func (htmlRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(Kind, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			writeHTML(w, node.(*Node))
		}
		return ast.WalkSkipChildren, nil
	})
}

// writeHTML writes the markup of an inline roll: a button that rolls it, showing
// its formula (or its |text) and the die; the result beside it; its odds
// in a tooltip the button is described by, shown on hover and focus by
// the stylesheet and on a long press by the script. A roll not computed
// shows its formula as written.
func writeHTML(b htmlWriter, n *Node) {
	esc := func(s string) { b.Write(util.EscapeHTML([]byte(s))) }
	label := n.Label
	if label == "" {
		label = n.Formula
	}
	if !n.Computed() {
		b.WriteString(`<span class="roll-plain">`)
		esc(label)
		b.WriteString(`</span>`)
		return
	}
	if n.Link != nil {
		if n.Label == "" {
			label = n.Link.Display()
		}
		writeLinkHTML(b, n, label)
		return
	}
	b.WriteString(`<span class="roll" data-plan="`)
	esc(n.Plan)
	b.WriteString(`"><button type="button" class="roll-do" aria-describedby="`)
	b.WriteString(n.ID)
	b.WriteString(`">`)
	if !n.NoDice {
		b.WriteString(`<span class="roll-die" aria-hidden="true"></span>`)
	}
	b.WriteString(`<span class="roll-f">`)
	esc(label)
	b.WriteString(`</span></button><output class="roll-out"></output><span class="roll-odds" role="tooltip" id="`)
	b.WriteString(n.ID)
	b.WriteString(`"`)
	if n.Same != "" { // the odds of the first roll of the formula, copied by the script
		b.WriteString(` data-same="`)
		b.WriteString(n.Same)
		b.WriteString(`"></span></span>`)
		return
	}
	b.WriteString(`><span class="odds-title">`)
	esc(n.Formula)
	b.WriteString(`</span>`)
	b.WriteString(n.Odds)
	b.WriteString(`</span></span>`)
}

// writeLinkHTML writes a link roller's markup: the button, a link to what it rolls
// on, the result, and the options (with their weights) in a template.
func writeLinkHTML(b htmlWriter, n *Node, label string) {
	esc := func(s string) { b.Write(util.EscapeHTML([]byte(s))) }
	b.WriteString(`<span class="roll roll-pick" data-count="`)
	esc(n.Plan)
	b.WriteString(`"`)
	if len(n.Link.Weights) > 0 {
		b.WriteString(` data-weights="`)
		for i, w := range n.Link.Weights {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.FormatFloat(w, 'g', 12, 64))
		}
		b.WriteString(`"`)
	}
	b.WriteString(`><button type="button" class="roll-do">`)
	if !n.NoDice {
		b.WriteString(`<span class="roll-die" aria-hidden="true"></span>`)
	}
	b.WriteString(`<span class="roll-f roll-label">`)
	esc(label)
	b.WriteString(`</span></button>`)
	if n.Link.URL != "" {
		b.WriteString(` <a class="roll-link" href="`)
		b.Write(util.EscapeHTML(util.URLEscape([]byte(n.Link.URL), false)))
		b.WriteString(`">(` + strconv.Itoa(len(n.Link.Options)) + ` options)</a>`)
	}
	b.WriteString(`<output class="roll-out"></output><template class="roll-opts">`)
	for _, o := range n.Link.Options {
		b.WriteString(`<span class="roll-opt">` + o + `</span>`)
	}
	b.WriteString(`</template></span>`)
}
