// Package dataview evaluates the Obsidian Dataview plugin's queries and
// Obsidian Bases' views at build time, over the notes a site publishes:
// inline queries (`= this.level`), ```dataview LIST, TABLE and TASK
// blocks (a TASK query's tasks are the vault's list items,
// query.ListReader), and base embeds (![[Learnsets.base#View]]) and ```base blocks. The
// query language is package dataview/query; the inline fields the data
// comes from are found by package dataview/fields; the site gives the
// notes (query.Vault) and renders links (Linker).
//
// What is outside the subset (DataviewJS, CALENDAR queries, a
// function it does not know, a cards or map view) is shown as a notice in
// the page, with a warning; a query past its budget of steps is an error
// at its line.
package dataview

import (
	"errors"
	"fmt"
	"html"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"d6codex/cmd/sitegen/internal/dataview/query"
)

// Settings are the Dataview plugin's settings a vault may change
// (.obsidian/plugins/dataview/data.json), those that change what a page
// shows.
type Settings struct {
	Prefix, JSPrefix           string // inlineQueryPrefix "=", inlineJsQueryPrefix "$="
	NullAs                     string // renderNullAs "\\-"
	DateFormat, DateTimeFormat string // defaultDateFormat, defaultDateTimeFormat
	IDColumn                   string // tableIdColumnName "File"
	ShowResultCount            bool   // showResultCount
}

// DefaultSettings are Dataview's defaults.
var DefaultSettings = Settings{Prefix: "=", JSPrefix: "$=", NullAs: `\-`,
	DateFormat: "MMMM dd, yyyy", DateTimeFormat: "h:mm a - MMMM dd, yyyy", IDColumn: "File", ShowResultCount: true}

// SettingsFrom reads the plugin's data.json (decoded); what is missing
// keeps its default.
func SettingsFrom(m map[string]any) Settings {
	s := DefaultSettings
	str := func(key string, dst *string) {
		if v, ok := m[key].(string); ok {
			*dst = v
		}
	}
	str("inlineQueryPrefix", &s.Prefix)
	str("inlineJsQueryPrefix", &s.JSPrefix)
	str("renderNullAs", &s.NullAs)
	str("defaultDateFormat", &s.DateFormat)
	str("defaultDateTimeFormat", &s.DateTimeFormat)
	str("tableIdColumnName", &s.IDColumn)
	if v, ok := m["showResultCount"].(bool); ok {
		s.ShowResultCount = v
	}
	return s
}

// Engine evaluates the queries of one build.
type Engine struct {
	ix     *query.Index
	s      Settings
	now    time.Time
	budget int
	// Base views' candidate files by their folders, and indexed by the
	// property their contains filters read (containsRows), once a build.
	indexMu sync.Mutex
	cands   map[string]*candsEntry
	indexes map[indexKey]*rowIndexEntry
}

// New returns an engine over a vault's notes, with the vault's Dataview
// settings; now is what date(today) and now() mean.
func New(v query.Vault, s Settings, now time.Time) *Engine {
	return &Engine{ix: query.NewIndex(v), s: s, now: now, budget: query.DefaultBudget}
}

// SetBudget changes the steps a query may take (tests).
func (e *Engine) SetBudget(n int) { e.budget = n }

// Index returns the engine's index of the vault.
func (e *Engine) Index() *query.Index { return e.ix }

// Context is the page queries are evaluated in.
type Context struct {
	// Page is the note (this); nil for a page that is not a note.
	Page *query.Page
	Link Linker
	// Markdown renders a text as inline Markdown of the page.
	Markdown func(string) string
	// Images is the header of the TABLE column whose values are shown
	// as pictures (a DataCards block's imageProperty), "" for none.
	Images string
}

// Problem is something to tell about a query, at a line counted from
// the query's first (1), 0 for the query's own position.
type Problem struct {
	Line, Col int
	Msg       string
	Warning   bool
}

// Output is what evaluating a query gives.
type Output struct {
	HTML     string
	Problems []Problem
	// Deps is what the query read.
	Deps *query.Deps
}

func (e *Engine) env(c Context, d query.Dialect) *query.Env {
	env := query.NewEnv(e.ix, c.Page, d, e.now)
	env.SetBudget(e.budget)
	return env
}

func (e *Engine) renderer(c Context) *renderer {
	return &renderer{s: e.s, link: c.Link, markdown: c.Markdown, images: c.Images}
}

// Inline evaluates an inline query (the text after the prefix); js is
// set for an inline DataviewJS query, which is not run.
//
// https://blacksmithgu.github.io/obsidian-dataview/queries/dql-js-inline/
// "Inline DQL Queries display exactly one value somewhere in the middle
// of your note."
func (e *Engine) Inline(c Context, expr string, js bool) (out Output) {
	defer guard(&out)
	if js {
		return inlineNotice("DataviewJS is not run", Problem{Warning: true,
			Msg: fmt.Sprintf("inline DataviewJS %s%s: sitegen does not run JavaScript; the page shows a notice", e.s.JSPrefix, clip(expr))})
	}
	at := func(err error) Problem { // at the code span
		p := problemAt(expr, err, "inline query "+e.s.Prefix+" "+clip(expr))
		p.Line, p.Col = 0, 0
		return p
	}
	x, err := query.ParseExpr(expr, query.DQL)
	if err != nil {
		return inlineNotice("query not evaluated", at(err))
	}
	env := e.env(c, query.DQL)
	query.ExprFields(x, env.Deps)
	v, err := env.Eval(x)
	if err != nil {
		out := inlineNotice("query not evaluated", at(err))
		out.Deps = env.Deps
		return out
	}
	var b strings.Builder
	e.renderer(c).value(&b, v, true, 0)
	return Output{HTML: b.String(), Deps: env.Deps}
}

// Block evaluates a ```dataview block (lang "dataview"); a
// ```dataviewjs block is a notice.
func (e *Engine) Block(c Context, lang, body string) (out Output) {
	defer guard(&out)
	if lang == "dataviewjs" {
		return blockNotice("This DataviewJS block runs JavaScript in Obsidian; sitegen does not run it.",
			Problem{Warning: true, Msg: "dataviewjs block: sitegen does not run DataviewJS; the page shows a notice"})
	}
	q, err := query.ParseQuery(body)
	if err != nil {
		return blockNotice("This Dataview query could not be read: "+err.Error()+".", problemAt(body, err, "dataview block"))
	}
	if q.Type == query.QCalendar {
		return blockNotice("This Dataview CALENDAR query is not shown: sitegen evaluates LIST, TABLE and TASK queries.",
			Problem{Warning: true, Msg: "dataview block: CALENDAR queries are not evaluated (LIST, TABLE and TASK are); the page shows a notice"})
	}
	env := e.env(c, query.DQL)
	res, err := env.Run(q)
	if err != nil {
		out := blockNotice("This Dataview query could not be evaluated: "+err.Error()+".", problemAt(body, err, "dataview block"))
		out.Deps = env.Deps
		return out
	}
	out = Output{Deps: env.Deps}
	if res.Dropped > 0 {
		p := problemAt(body, res.FirstError, "dataview block")
		p.Msg = fmt.Sprintf("dataview block: %d rows left out because they failed, the first: %v", res.Dropped, res.FirstError)
		p.Warning = true
		out.Problems = append(out.Problems, p)
	}
	r := e.renderer(c)
	switch {
	case res.Len() == 0:
		kind := map[query.QueryType]string{query.QList: "list", query.QTable: "table", query.QTask: "task"}[q.Type]
		out.HTML = `<p class="dv-empty">No results to show for ` + kind + " query.</p>\n"
	case q.Type == query.QTable:
		if !q.WithoutID && len(res.Headers) > 0 && res.Headers[0] == "File" {
			res.Headers[0] = e.s.IDColumn
		}
		out.HTML = r.table(res, e.s.ShowResultCount)
	case q.Type == query.QTask:
		out.HTML = r.tasks(res.Tasks, e.s.ShowResultCount)
		if r.tooDeep > 0 {
			out.Problems = append(out.Problems, Problem{Warning: true,
				Msg: fmt.Sprintf("dataview block: %d task list items nested deeper than %d levels are not shown, the first at %s", r.tooDeep, maxTaskDepth+1, r.tooDeepAt)})
		}
	default:
		out.HTML = r.list(res)
	}
	return out
}

// guard turns a panic while a query is evaluated (a fault of sitegen's,
// not the query's) into an error at the query, so that it never stops the
// build without a word.
func guard(out *Output) {
	if r := recover(); r != nil {
		*out = Output{HTML: `<div class="dv-notice" role="note"><p>This query could not be evaluated.</p></div>`,
			Problems: []Problem{{Msg: fmt.Sprintf("internal error evaluating the query (please report it): %v", r)}}}
	}
}

// problemAt places an error of a query's text: a syntax or evaluation
// error at its position, a budget error as an error (not a warning).
func problemAt(text string, err error, what string) Problem {
	pos := -1
	var se *query.SyntaxError
	var ee *query.EvalError
	switch {
	case errors.As(err, &se):
		pos = se.Pos
	case errors.As(err, &ee):
		pos = ee.Pos
	}
	p := Problem{Msg: what + ": " + err.Error(), Warning: true}
	var be *query.BudgetError
	if errors.As(err, &be) {
		p.Warning = false
	}
	if pos >= 0 && pos <= len(text) {
		p.Line = 1 + strings.Count(text[:pos], "\n")
		p.Col = pos - strings.LastIndexByte(text[:pos], '\n')
	}
	return p
}

// maxQuoted is the most of a query's text a message quotes, in bytes.
const maxQuoted = 80

// clip is text as a message quotes it: its start, at most maxQuoted
// bytes cut at a character, then "…"; the message's line and column say
// where it is.
func clip(text string) string {
	if len(text) <= maxQuoted {
		return text
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return text[:cut] + "…"
}

func inlineNotice(msg string, p Problem) Output {
	return Output{HTML: `<span class="dv-notice" role="note">Dataview: ` + html.EscapeString(msg) + `</span>`, Problems: []Problem{p}}
}

func blockNotice(msg string, p Problem) Output {
	return Output{HTML: `<div class="dv-notice" role="note"><p>` + html.EscapeString(msg) + "</p></div>\n", Problems: []Problem{p}}
}
