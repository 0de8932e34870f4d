package calcblock_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"d6codex/calc/systems"
	"d6codex/cmd/sitegen/internal/testing/browser"
)

// hostileValues are what a crafted link or a careless paste puts into a
// calculator's fields.
var hostileValues = []string{
	"1e308", "-1", "-99999999999999999999", "99999999999999999999999999D+9999999999",
	strings.Repeat("9", 5000), "NaN", "Infinity", "0x10", "1.5", " ", "",
	"٣D+١", "🎲🎲", "\u202e4D", "__proto__", "length", "constructor",
	"<script>window.__pwned=1</script>", `"><img src=x onerror="window.__pwned=1">`,
	"6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6", "0 7 -3",
}

// domID is the element id a calculator's only block gets on a page.
func domID(id string) string { return "calc-" + strings.ReplaceAll(id, "/", "-") }

// settle waits until the calculator has run more than after times and
// returns its state ("ok" or "error") and its error message.
func settle(t *testing.T, ctx context.Context, dom string, after int) (state, msg string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const e = document.getElementById(%q);
		return (e.dataset.state === "ok" || e.dataset.state === "error") && +(e.dataset.runs||0) > %d })()`, dom, after)
	wctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if _, err := chromedp.Run(wctx, chromedp.Poll[bool](js)); err != nil {
		text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.getElementById(%q).innerText`, dom)))
		t.Fatalf("%s never finished run %d: %v\n%s", dom, after+1, err, text)
	}
	r, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf(`(() => { const e = document.getElementById(%q);
		return [e.dataset.state, e.querySelector(".calc-error").textContent] })()`, dom)))
	if err != nil {
		t.Fatal(err)
	}
	return r[0], r[1]
}

// pageErrors returns the uncaught errors and rejections the page logged,
// and whether a hostile value ran script.
func pageErrors(t *testing.T, ctx context.Context) (errs []string, pwned bool) {
	t.Helper()
	r, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[String(window.__pwned === 1), ...(window.__errors || [])]`))
	if err != nil {
		t.Fatal(err)
	}
	return r[1:], r[0] == "true"
}

// TestHostileInputsInBrowser feeds hostile values into every calculator's
// fields and URL (issue 10): each calculator shows odds or a message, none
// runs injected script, none stops another, and afterwards each one still
// computes the registry's odds for its defaults.
func TestHostileInputsInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module and drives a browser")
	}
	calcs := systems.New().List()
	var blocks []string
	for _, c := range calcs {
		blocks = append(blocks, "```calc "+c.ID+"\n```")
	}
	dir := buildCalcSite(t, strings.Join(blocks, "\n\n"))
	base := browser.Serve(t, dir) + "/tools/"
	ctx := browser.New(t, 1280, 900)
	record := `window.__errors = [];
		addEventListener("error", (e) => window.__errors.push(String(e.message)));
		addEventListener("unhandledrejection", (e) => window.__errors.push(String(e.reason)));`
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: record}); err != nil {
		t.Fatal(err)
	}
	tries, held := 0, 0
	// check settles a calculator after a hostile input and counts it as
	// held when it shows odds or a message.
	check := func(dom, what string, after int) {
		t.Helper()
		tries++
		// A linked set-up runs when its calculator comes into view.
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.getElementById(%q).scrollIntoView(), true`, dom))); err != nil {
			t.Fatal(err)
		}
		state, msg := settle(t, ctx, dom, after)
		if state == "error" && strings.TrimSpace(msg) == "" {
			t.Errorf("%s after %s: error state without a message", dom, what)
			return
		}
		held++
	}
	visit := func(target string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(target)); err != nil {
			t.Fatal(err)
		}
	}

	// 1. Crafted addresses: names that are not fields (properties of a
	// form's elements, of every object), and hostile values for fields.
	var links []url.Values
	for _, name := range []string{"length", "__proto__", "constructor", "toString", "item", "namedItem", "0", "", "elements"} {
		q := url.Values{}
		for _, c := range calcs {
			q.Set(domID(c.ID)+"."+name, "1")
		}
		links = append(links, q)
	}
	for i, v := range hostileValues {
		q := url.Values{}
		for j, c := range calcs {
			for k, f := range c.Fields {
				if (j+k)%3 == i%3 {
					q.Set(domID(c.ID)+"."+f.Name, v)
				}
			}
		}
		links = append(links, q)
	}
	for _, q := range links {
		visit(base + "?" + q.Encode())
		for _, c := range calcs {
			check(domID(c.ID), "link ?"+q.Encode(), 0)
		}
		if errs, pwned := pageErrors(t, ctx); len(errs) > 0 || pwned {
			t.Errorf("link ?%.200s: uncaught errors %q, script ran %v", q.Encode(), errs, pwned)
		}
	}

	// 2. Typed values: every field of every calculator gets hostile values.
	visit(base)
	for _, c := range calcs {
		dom := domID(c.ID)
		check(dom, "start", -1) // the pre-rendered preset
		for k, f := range c.Fields {
			for i := range 3 {
				v := hostileValues[(k*3+i)%len(hostileValues)]
				n := runs(t, ctx, dom)
				setField(t, ctx, dom, f.Name, v)
				check(dom, fmt.Sprintf("%s = %.40q", f.Name, v), n)
			}
		}
	}
	if errs, pwned := pageErrors(t, ctx); len(errs) > 0 || pwned {
		t.Errorf("typed values: uncaught errors %q, script ran %v", errs, pwned)
	}
	// 3. Every calculator still works: its defaults give the registry's odds.
	for _, c := range calcs {
		dom := domID(c.ID)
		for _, f := range c.Fields {
			n := runs(t, ctx, dom)
			setField(t, ctx, dom, f.Name, f.Default)
			if _, msg := settle(t, ctx, dom, n); msg != "" && f.Name == c.Fields[len(c.Fields)-1].Name {
				t.Errorf("%s: defaults restored, still an error: %s", dom, msg)
			}
		}
		compare(t, shown(t, ctx, dom), c.ID, map[string]string{})
	}
	t.Logf("hostile inputs: %d tried, %d held (%d links, %d calculators)", tries, held, len(links), len(calcs))
}
