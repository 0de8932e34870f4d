package math

import (
	_ "embed"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dop251/goja"
)

// temmlJS is Temml (https://temml.org), TeX to MathML, as its npm
// package ships it (temml/README.md).
//
//go:embed temml/temml.min.js
var temmlJS string

// Limits on one formula, so a hostile one costs a bounded time and
// memory: its TeX's length, the time Temml may take, the depth of
// JavaScript calls (a formula nested a thousand braces deep) and Temml's
// own bound on macro expansions.
const (
	MaxTeX       = 16 << 10
	MaxTime      = 2 * time.Second
	maxCallDepth = 4000
	maxExpand    = 1000
	// maxMemo bounds the bytes of TeX and MathML the Converter keeps to
	// answer a formula seen before; past it, formulas are converted anew.
	maxMemo = 64 << 20
)

// memo is a converted formula, or what Temml could not read in it.
type memo struct {
	out string
	err error
}

// Converter turns TeX into MathML (MathML Core, which Chromium, Firefox
// and Safari render) with Temml run in an embedded JavaScript engine,
// at build time: the site ships no script for its math. It is safe for
// concurrent use; it holds at most GOMAXPROCS engines, made when first
// needed (compiling Temml takes a tenth of a second).
type Converter struct {
	// done holds the formulas converted so far (display and TeX -> memo): a site
	// writes the same formula many times ($x$, \\frac{1}{2}), converted once.
	done     sync.Map
	doneSize atomic.Int64 // bytes held in done, bounded by maxMemo
	once     sync.Once
	program  *goja.Program
	err      error
	idle     chan *engine
	slots    chan struct{}
}

type engine struct {
	rt     *goja.Runtime
	render goja.Callable
}

// NewConverter returns a Converter; nothing is compiled until the first
// formula.
func NewConverter() *Converter {
	n := max(runtime.GOMAXPROCS(0), 1)
	return &Converter{idle: make(chan *engine, n), slots: make(chan struct{}, n)}
}

// errTooLong is the error of a formula longer than MaxTeX.
var errTooLong = fmt.Errorf("formula longer than %d bytes", MaxTeX)

// MathML returns tex as a <math> element (display: display="block"), its
// TeX kept as an annotation; an error names what Temml could not read.
func (c *Converter) MathML(tex string, display bool) (string, error) {
	if len(tex) > MaxTeX {
		return "", errTooLong
	}
	key := "i" + tex
	if display {
		key = "d" + tex
	}
	if m, ok := c.done.Load(key); ok {
		return m.(memo).out, m.(memo).err
	}
	out, err := c.convert(tex, display)
	if n := int64(len(key) + len(out)); c.doneSize.Add(n) <= maxMemo {
		c.done.Store(key, memo{out, err})
	} else {
		c.doneSize.Add(-n)
	}
	return out, err
}

// convert runs Temml on tex.
func (c *Converter) convert(tex string, display bool) (string, error) {
	c.once.Do(func() {
		c.program, c.err = goja.Compile("temml.min.js", temmlJS+";\nfunction __render(tex, display, max) { return temml.renderToString(tex, {displayMode: display, throwOnError: true, annotate: true, maxExpand: max, trust: false}); }", true)
		if c.err != nil {
			c.err = fmt.Errorf("compiling Temml: %w", c.err)
		}
	})
	if c.err != nil {
		return "", c.err
	}
	e, err := c.get()
	if err != nil {
		return "", err
	}
	timer := time.AfterFunc(MaxTime, func() { e.rt.Interrupt(errTimeout) })
	v, err := e.render(goja.Undefined(), e.rt.ToValue(tex), e.rt.ToValue(display), e.rt.ToValue(maxExpand))
	timer.Stop()
	e.rt.ClearInterrupt()
	c.put(e)
	if err != nil {
		return "", temmlError(err)
	}
	return v.String(), nil
}

// errTimeout interrupts a formula that takes longer than MaxTime.
var errTimeout = fmt.Errorf("formula took longer than %s", MaxTime)

// temmlError is err in the editor's words: Temml's message ("KaTeX parse
// error"-style, "Undefined control sequence: \foo at position 3"), the
// time limit, or the nesting limit.
func temmlError(err error) error {
	var ie *goja.InterruptedError
	if errors.As(err, &ie) {
		return errTimeout
	}
	var so *goja.StackOverflowError
	if errors.As(err, &so) {
		return errors.New("formula nested too deeply")
	}
	var ex *goja.Exception
	if errors.As(err, &ex) {
		msg := ex.Value().String()
		msg = strings.ReplaceAll(msg, "\u0332", "") // Temml underlines the fault
		return errors.New(strings.Join(strings.Fields(msg), " "))
	}
	return err
}

// get returns an idle engine or makes one, waiting while GOMAXPROCS are
// busy.
func (c *Converter) get() (*engine, error) {
	select {
	case e := <-c.idle:
		return e, nil
	default:
	}
	select {
	case e := <-c.idle:
		return e, nil
	case c.slots <- struct{}{}:
		rt := goja.New()
		rt.SetMaxCallStackSize(maxCallDepth)
		if _, err := rt.RunProgram(c.program); err != nil {
			<-c.slots
			return nil, fmt.Errorf("starting Temml: %w", err)
		}
		render, ok := goja.AssertFunction(rt.Get("__render"))
		if !ok {
			<-c.slots
			return nil, errors.New("starting Temml: no render function")
		}
		return &engine{rt: rt, render: render}, nil
	}
}

func (c *Converter) put(e *engine) { c.idle <- e }
