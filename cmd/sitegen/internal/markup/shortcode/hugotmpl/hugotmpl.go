// Package hugotmpl runs a Hugo site's own shortcode templates (the
// project's layouts/shortcodes/NAME.html, then its theme's) with Go's
// html/template, Hugo's own engine: "Shortcode templates are ... Go
// templates ... .Get, .Inner, .Params, .Page, .Site"
// (https://gohugo.io/templates/shortcode-templates/). It gives a template
// the subset of Hugo's functions and shortcode context that docs sites'
// shortcodes use (funcs.go); a template that calls anything else is not
// run (Run returns a *Missing naming it) and its caller shows the
// shortcode as it did before.
//
// Every run is bounded: its output (maxOutput), the iterations of its
// range loops and the elements seq and the arithmetic make (bound.go),
// the depth of partials and of shortcodes nested in .Inner (maxDepth),
// and its time (maxTime, checked at each function call, write and range).
package hugotmpl

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Limits of one run.
const (
	maxOutput = 1 << 20 // bytes a shortcode writes, its partials included
	maxDepth  = 10      // partials within partials, shortcodes within .Inner
	maxTime   = 2 * time.Second
	maxSteps  = 200_000 // range iterations, seq elements and function calls
)

// Config is what a Set needs of its site.
type Config struct {
	// Shortcodes are the site's shortcode templates by name (the
	// project's over its theme's), Partials its partial templates by
	// path under layouts/partials ("x.html", "sub/y.html").
	Shortcodes, Partials map[string]string
	// Site is .Site: its title, params and base URL.
	SiteTitle, BaseURL string
	SiteParams         map[string]any
	// Segment is the site's URL segment of a name (Hugo's MakePath and
	// its lower-casing, package layout/hugo): urlize escapes it.
	Segment func(string) string
	// Markdown renders Markdown to HTML (markdownify, RenderString,
	// .Inner of a {{% %}} shortcode); nil: the text HTML-escaped.
	Markdown func(src string) (string, error)
	// ContentDir is the site's content folder, relative to its source
	// folder ("content"): .Page.File's paths are relative to it, and
	// readFile looks in it after the project's folder (files.go).
	ContentDir string
	// Language is the language of the site's pages (Hugo's key, "fr"),
	// Languages the codes of all its languages: a page file named with
	// one ("combat.fr.md") is in that language (.Page.File.Lang).
	Language  string
	Languages []string
	// Words are the translations of the pages' language, by key: a
	// text, or its plural forms ("one", "other"): the i18n function's
	// (funcs.go).
	Words map[string]any
	// WordsLanguage is the language tag of Words' table ("fr", "pt-br";
	// "" is English): its CLDR plural rules pick a text's plural form.
	WordsLanguage string
}

// Set is a site's shortcode templates, ready to run.
type Set struct {
	cfg Config
	// missing names a template's first function sitegen does not have
	// ("" when it parses).
	missing map[string]string
	// builtin: the template of this name is Hugo's (builtin.go).
	builtin map[string]bool
	// runs are idle runs, each with the templates it parsed (bound to
	// its functions): a template is parsed and escaped once a run, not
	// once a call.
	runs sync.Pool
}

// New reads the templates of cfg; it parses each once to find those that
// call a function sitegen lacks.
func New(cfg Config) *Set {
	s := &Set{cfg: cfg, missing: map[string]string{}, builtin: map[string]bool{}}
	all := make(map[string]string, len(cfg.Shortcodes)+len(builtins))
	for name, src := range builtins {
		all[name] = src
		s.builtin[name] = true
	}
	for name, src := range cfg.Shortcodes {
		all[name] = src
		delete(s.builtin, name)
	}
	s.cfg.Shortcodes = all
	cfg = s.cfg
	for name, src := range cfg.Shortcodes {
		if _, err := s.parse(name, src, newRun(s, nil)); err != nil {
			s.missing[name] = missingOf(err)
		}
	}
	return s
}

// Has reports whether the site has a template of this shortcode name.
func (s *Set) Has(name string) bool {
	if s == nil {
		return false
	}
	_, ok := s.cfg.Shortcodes[name]
	return ok
}

// Missing is the error of a template that uses what sitegen lacks.
type Missing struct{ Shortcode, What string }

func (e *Missing) Error() string {
	return fmt.Sprintf("its template uses %s, which sitegen does not implement", e.What)
}

// Call is one use of a shortcode on a page.
type Call struct {
	Name string
	// Positional or named arguments (Hugo has one kind or the other).
	Pos   []string
	Named map[string]string
	// Inner is the text between its tags; HasInner when it has a closing tag.
	Inner    string
	HasInner bool
	// MarkdownOutput: called as {{% %}}, its output is Markdown.
	MarkdownOutput bool
	// Ordinal is its zero-based position among the page's shortcodes.
	Ordinal int
	// Page is .Page.
	Page PageInfo
	// Markdown renders Markdown as the page's content (markdownify,
	// RenderString); nil: Config.Markdown.
	Markdown func(src string) (string, error)
	// Nested runs a shortcode call written in .Inner (its source text)
	// and returns its output, or an error when it cannot; nil: .Inner is
	// left as written.
	Nested func(src string, depth int) (string, error)
	// PageExists reports whether a page GetPage looks up exists (nil:
	// every one does): one that does not is nil, as Hugo gives it.
	PageExists func(path string) bool
	// ReadFile reads a file of the site's source folder (a slash path
	// relative to it) for readFile and fileExists (files.go), under the
	// source folder's rule (no link out, no hidden name) and at most max
	// bytes; the caller records it as a file the page depends on. A
	// folder gives an error wrapping ErrFolder. Nil: nothing is read
	// (readFile gives "", with a warning).
	ReadFile func(rel string, max int64) ([]byte, error)
	// Warn reports what a run did differently from Hugo (a read refused),
	// at the shortcode; nil: nothing is reported.
	Warn  func(msg string)
	depth int
}

// PageInfo is what a template may ask of its page.
type PageInfo struct {
	Title        string
	Params       map[string]any
	RelPermalink string
	// File is the page's file, relative to the source folder
	// ("content/rules/careers.md"); "" for a page without one.
	File string
}

// Run executes the template of c.Name and returns its output: HTML, or
// Markdown when c.MarkdownOutput. The pages its refs and GetPage name are
// marks the caller resolves (RefMarks, TitleMarks). An error is a
// *Missing, a bound reached, or the template's own error.
func (s *Set) Run(c Call) (out string, err error) {
	src, ok := s.cfg.Shortcodes[c.Name]
	if !ok {
		return "", fmt.Errorf("no template of shortcode %q", c.Name)
	}
	if w := s.missing[c.Name]; w != "" {
		return "", &Missing{Shortcode: c.Name, What: w}
	}
	if c.depth > maxDepth {
		return "", fmt.Errorf("shortcodes nested more than %d deep", maxDepth)
	}
	r, _ := s.runs.Get().(*run)
	if r == nil {
		r = newRun(s, nil)
	}
	r.reset(&c)
	defer func() {
		// No panic of a template's function reaches the user; a run
		// that panicked is not used again.
		if p := recover(); p != nil {
			out, err = "", fmt.Errorf("its template failed: %v", p)
			return
		}
		r.reset(nil)
		s.runs.Put(r)
	}()
	return r.exec(c.Name, src, r.shortcode(c))
}

// run is the state of one execution (and its partials').
type run struct {
	set      *Set
	call     *Call
	start    time.Time
	steps    int
	depth    int
	inner    map[string]string // .Inner, expanded once
	innerErr error
	// parsed are the templates this run parsed, by name, with their
	// parse errors.
	parsed   map[string]*template.Template
	parseErr map[string]error
}

func newRun(s *Set, c *Call) *run {
	return &run{set: s, call: c, start: time.Now(), parsed: map[string]*template.Template{}, parseErr: map[string]error{}}
}

// reset readies r for the call c (nil: idle).
func (r *run) reset(c *Call) {
	r.call, r.start, r.steps, r.depth, r.inner, r.innerErr = c, time.Now(), 0, 0, nil, nil
}

// step counts n units of work and fails when the run is over its bounds.
func (r *run) step(n int) error {
	r.steps += n
	if r.steps > maxSteps {
		return fmt.Errorf("more than %d steps (loops, seq, calls)", maxSteps)
	}
	if time.Since(r.start) > maxTime {
		return fmt.Errorf("ran over %s", maxTime)
	}
	return nil
}

// exec parses src (bounded; once a run) and runs it on data.
func (r *run) exec(name, src string, data any) (string, error) {
	t, err := r.parsed[name], r.parseErr[name]
	if t == nil && err == nil {
		t, err = r.set.parse(name, src, r)
		r.parsed[name], r.parseErr[name] = t, err
	}
	if err != nil {
		return "", &Missing{Shortcode: name, What: missingOf(err)}
	}
	w := &limitWriter{r: r}
	if err := t.Execute(w, data); err != nil {
		var m *Missing
		if errors.As(err, &m) {
			return "", m
		}
		if what := missingField(err); what != "" {
			return "", &Missing{Shortcode: name, What: what}
		}
		return "", fmt.Errorf("its template failed: %w", err)
	}
	return w.b.String(), nil
}

// parse parses src with the run's functions and bounds its range loops.
func (s *Set) parse(name, src string, r *run) (*template.Template, error) {
	t, err := template.New(name).Funcs(r.funcs()).Parse(src)
	if err != nil {
		return nil, err
	}
	for _, tt := range t.Templates() {
		if tt.Tree != nil && tt.Tree.Root != nil {
			boundRanges(tt.Tree.Root)
		}
	}
	return t, nil
}

var (
	undefinedFunc = regexp.MustCompile(`function "([^"]+)" not defined`)
	// text/template's "can't evaluate field X in type Y" and
	// "X is not a method but has arguments"
	undefinedField = regexp.MustCompile(`can't evaluate field (\w+)|(\w+) is not a method`)
)

// missingOf names the function a parse error says is not defined, else
// the error's text.
func missingOf(err error) string {
	if m := undefinedFunc.FindStringSubmatch(err.Error()); m != nil {
		return "the function " + m[1]
	}
	return "what Go's template parser refuses (" + err.Error() + ")"
}

// missingField names the field or method an execution error says the
// context lacks ("" when it is another error).
func missingField(err error) string {
	if m := undefinedField.FindStringSubmatch(err.Error()); m != nil {
		return "." + m[1] + m[2]
	}
	return ""
}

// limitWriter collects a run's output up to maxOutput.
type limitWriter struct {
	b bytes.Buffer
	r *run
}

func (w *limitWriter) Write(p []byte) (int, error) {
	if w.b.Len()+len(p) > maxOutput {
		return 0, fmt.Errorf("its output is over %d bytes", maxOutput)
	}
	if err := w.r.step(1); err != nil {
		return 0, err
	}
	return w.b.Write(p)
}

// refPrefix starts the URL a template's ref or relref gives: the page's
// path, hex-encoded (html/template keeps it whole in any attribute).
const refPrefix = "sitegen-ref:"

var refRE = regexp.MustCompile(regexp.QuoteMeta(refPrefix) + `([0-9a-f]*)`)

// titlePrefix and titleEnd mark the title of a page GetPage found, its
// path hex-encoded between them: TitleMarks writes the page's title.
const (
	titlePrefix = "sitegen-title-"
	titleEnd    = "-eltit"
)

var titleRE = regexp.MustCompile(titlePrefix + `([0-9a-f]*)` + titleEnd)

// TitleMarks writes, for each page title a template asked for (GetPage's
// .Title), title(path) HTML-escaped, path being the ref's target as
// written ("docs/x"); "" leaves the path.
func TitleMarks(s string, title func(path string) string) string {
	if !strings.Contains(s, titlePrefix) {
		return s
	}
	return titleRE.ReplaceAllStringFunc(s, func(m string) string {
		b, err := hex.DecodeString(m[len(titlePrefix) : len(m)-len(titleEnd)])
		if err != nil {
			return m
		}
		t := title(string(b))
		if t == "" {
			t = string(b)
		}
		return template.HTMLEscapeString(t)
	})
}

// RefMarks writes, for each page a template's ref, relref or GetPage
// named (its permalink), url(path), path being the ref's target as
// written ("docs/x#id").
func RefMarks(s string, url func(path string) string) string {
	if !strings.Contains(s, refPrefix) {
		return s
	}
	return refRE.ReplaceAllStringFunc(s, func(m string) string {
		b, err := hex.DecodeString(m[len(refPrefix):])
		if err != nil {
			return m
		}
		return url(string(b))
	})
}

// Nest marks c as written in the .Inner of another shortcode, depth deep
// (a run past maxDepth fails).
func Nest(c Call, depth int) Call {
	c.depth = depth
	return c
}
