package calcblock_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"d6codex/calc/systems"
	"d6codex/cmd/sitegen/calccmd"
	"d6codex/cmd/sitegen/internal/testing/browser"
)

// trickyPairs are field=value pairs a share link made or edited by hand
// holds, each set read by a browser opening the link and by `sitegen calc
// run` given the same pairs.
var trickyPairs = [][][2]string{
	{{"missed", "TRUE"}},
	{{"missed", "yes"}},
	{{"missed", "on"}, {"focus", "7"}},
	{{"missed", "maybe"}},
	{{"missed", "1"}, {"missed", "0"}},
	{{"focus", "4"}, {"focus", "4"}},
	{{"focus", "+3"}},
	{{"focus", " 3"}},
	{{"focus", "3.5"}},
	{{"focus", "1e1"}},
	{{"focus", ""}},
	{{"task", "FOCUSED"}},
	{{"weapon", "bazooka"}, {"missed", "Yes"}},
	{{"nonsense", "1"}},
	{{" focus ", "6"}},
	{{"missed", "TRUE"}, {"focus", "x"}},
}

// TestLinksReadAsCalcRun is issue 31: a share link is read as `sitegen
// calc run` reads the same field=value pairs (calc.ReadArgs and Parse, in
// the module for the browser): "missed=TRUE" is true in both (the page
// read any box value but "true" as false), a field given twice is an
// error on that field in both (the page took the last), and what either
// refuses is a message on the field. For each link, the form after the
// module answered shows what `calc run` prints as its inputs, or the
// fields in error are those `calc run` names.
func TestLinksReadAsCalcRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module and drives a browser")
	}
	const id = "d6xd6/attack"
	dom := domID(id)
	c, err := systems.New().Get(id)
	if err != nil {
		t.Fatal(err)
	}
	dir := buildCalcSite(t, "```calc "+id+"\n```")
	base := browser.Serve(t, dir) + "/tools/"
	ctx := browser.New(t, 1280, 900)
	for _, pairs := range trickyPairs {
		q := make([]string, len(pairs))
		args := []string{"run", id}
		for i, p := range pairs {
			q[i] = url.QueryEscape(dom+"."+p[0]) + "=" + url.QueryEscape(p[1])
			args = append(args, p[0]+"="+p[1])
		}
		query := strings.Join(q, "&")
		t.Run(query, func(t *testing.T) {
			// The command line's reading.
			var stdout, stderr bytes.Buffer
			code := calccmd.Run(args, strings.NewReader(""), &stdout, &stderr)
			var want map[string]string // field -> text, or nil on an error
			var wantBad string         // the field the error names
			if code == calccmd.ExitOK {
				var out struct{ Inputs map[string]any }
				if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
					t.Fatal(err)
				}
				want = map[string]string{}
				for k, v := range out.Inputs {
					want[k] = fmt.Sprint(v)
				}
			} else {
				msg := strings.TrimPrefix(strings.TrimSpace(stderr.String()), "sitegen calc: ")
				wantBad, _, _ = strings.Cut(msg, ":")
			}
			// The browser's.
			if err := chromedp.Do(ctx, chromedp.Navigate(base+"?"+query+"#"+dom)); err != nil {
				t.Fatal(err)
			}
			state, msg := settle(t, ctx, dom, 0)
			r, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](fmt.Sprintf(`(() => {
				const e = document.getElementById(%q), o = {};
				for (const f of e.querySelector("form").elements) {
					if (!f.name || f.type === "hidden") continue;
					o[f.name] = f.type === "checkbox" ? String(f.checked) : f.value;
					if (f.getAttribute("aria-invalid") === "true") o["!bad"] = (o["!bad"] ? o["!bad"] + "," : "") + f.name;
				}
				return o })()`, dom)))
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case want != nil && state != "ok":
				t.Errorf("calc run reads it (%v); the page says %q", want, msg)
			case want != nil:
				var diff []string
				for _, f := range c.Fields {
					if w, ok := want[f.Name]; ok && r[f.Name] != w {
						diff = append(diff, fmt.Sprintf("%s: page %q, calc run %q", f.Name, r[f.Name], w))
					}
				}
				sort.Strings(diff)
				if len(diff) > 0 {
					t.Errorf("the page reads it otherwise: %s", strings.Join(diff, "; "))
				}
			case state != "error":
				t.Errorf("calc run refuses it (%s); the page runs it", stderr.String())
			case r["!bad"] != wantBad && !(r["!bad"] == "" && !strings.Contains(wantBad, " ") && c.FieldNames() != nil && !hasField(c.FieldNames(), wantBad) && strings.Contains(msg, wantBad)):
				// A field the calculator lacks has no control: its
				// message is the form's.
				t.Errorf("fields in error: page %q (%q), calc run %q (%s)", r["!bad"], msg, wantBad, strings.TrimSpace(stderr.String()))
			}
		})
	}
}

func hasField(names []string, name string) bool {
	for _, n := range names {
		if n == name {
			return true
		}
	}
	return false
}
