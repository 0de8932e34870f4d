// Command calcbench measures the calculators as a player gets them: the
// size of the WebAssembly module (raw, gzip, brotli), the time from page
// load to the first result in headless Chromium, and each calculator's
// latency in the browser at its largest inputs. It writes the
// "calculators (WebAssembly)" section of BENCHMARKS.md.
//
//	go run ./cmd/sitegen/internal/testing/calcbench [-runs 5] [-out BENCHMARKS.md]
//
// Run it from the repository root (make bench does); it needs Chromium.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/chromedp/chromedp"

	"d6codex/calc/systems"
	"d6codex/cmd/sitegen/internal/testing/benchmd"
	"d6codex/cmd/sitegen/internal/testing/benchsite"
	"d6codex/cmd/sitegen/internal/testing/browser"
	"d6codex/cmd/sitegen/internal/wasmbuild"
)

// Targets from the issue.
const (
	targetBrotli  = 500 * 1000 // bytes, per module (a page loads one per system it shows)
	targetLatency = 50.0       // ms, slowest calculator at maximum inputs
)

// maxed is one calculator at its largest inputs: its id, the name of its
// row in the report, its element id and its preset.
type maxed struct {
	id, label, dom, preset string
}

// maxedCalcs are the calculators of every system at their largest inputs.
func maxedCalcs() []maxed {
	var out []maxed
	for _, c := range systems.New().List() {
		var preset strings.Builder
		for _, k := range slices.Sorted(maps.Keys(c.Largest)) {
			preset.WriteString(k + " = " + c.Largest[k] + "\n")
		}
		out = append(out, maxed{c.ID, c.ID, "calc-" + strings.ReplaceAll(c.ID, "/", "-"), preset.String()})
	}
	// Issue 14's dice expressions one by one (the dice tool's largest
	// preset runs them together): later blocks of one id get -2, -3, ...
	for i, e := range diceCases {
		out = append(out, maxed{"dice/roll", "dice/roll " + e, "calc-dice-roll-" + strconv.Itoa(i+2), "expr = " + e + "\n"})
	}
	return out
}

// diceCases are the expressions whose time in the worker BENCHMARKS.md
// reports (natively: rules/dice/expr's benchmarks).
var diceCases = []string{"20d6kh3", "10d10!", "100d6"}

func main() {
	runs := flag.Int("runs", 5, "fresh page loads to time, and runs per calculator (x2)")
	out := flag.String("out", "BENCHMARKS.md", "file whose calculators section is replaced")
	sizesOnly := flag.Bool("sizes", false, "only build the modules and write their sizes")
	flag.Parse()
	if *sizesOnly {
		if err := runSizes(*out); err != nil {
			fmt.Fprintln(os.Stderr, "calcbench:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*runs, *out); err != nil {
		fmt.Fprintln(os.Stderr, "calcbench:", err)
		os.Exit(1)
	}
}

func run(runs int, out string) error {
	ctx := context.Background()
	root, err := wasmbuild.RepoRoot(".")
	if err != nil {
		return err
	}
	exe := browser.Find()
	if exe == "" {
		return errors.New("no Chromium found (apt-get install chromium)")
	}
	sizes, err := moduleSizes(ctx, root)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "calcbench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	public, err := buildSite(ctx, root, dir)
	if err != nil {
		return err
	}
	base, stop, err := browser.ServeDir(public)
	if err != nil {
		return err
	}
	defer stop()

	var firsts []float64
	for i := range runs {
		ms, err := firstResult(exe, filepath.Join(dir, fmt.Sprintf("profile-%d", i)), base+"/first/")
		if err != nil {
			return err
		}
		firsts = append(firsts, ms)
	}
	lat, err := latencies(exe, filepath.Join(dir, "profile-max"), base+"/maxed/", 2*runs)
	if err != nil {
		return err
	}
	section := report(sizes, firsts, lat, runs)
	fmt.Print(section)
	return benchmd.WriteSection(out, "calculators (WebAssembly)", section)
}

type sizes struct {
	system      string
	raw, gz, br int
}

// moduleSizes builds every system's module and measures it.
func moduleSizes(ctx context.Context, root string) ([]sizes, error) {
	var out []sizes
	for _, s := range systems.New().Systems() {
		module, err := wasmbuild.Build(ctx, root, "", s.ID)
		if err != nil {
			return nil, err
		}
		sz, err := sizesOf(module)
		if err != nil {
			return nil, err
		}
		sz.system = s.ID
		out = append(out, sz)
	}
	return out, nil
}

// runSizes writes the module sizes alone, in a section of their own.
func runSizes(out string) error {
	ctx := context.Background()
	root, err := wasmbuild.RepoRoot(".")
	if err != nil {
		return err
	}
	sz, err := moduleSizes(ctx, root)
	if err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString("## calculator modules (one per system)\n\n")
	fmt.Fprintf(&b, "Produced by `go run ./cmd/sitegen/internal/testing/calcbench -sizes` on %s, %s %s/%s. A page loads only the module of its game.\n\n",
		time.Now().Format("2006-01-02"), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	sizesTable(&b, sz)
	fmt.Print(b.String())
	return benchmd.WriteSection(out, "calculator modules (one per system)", b.String())
}

// sizesTable writes one row per module.
func sizesTable(b *strings.Builder, sz []sizes) {
	fmt.Fprintf(b, "Modules: `%s go build %s` of a generated main per system (see wasmbuild.MainSource).\n\n", strings.Join(wasmbuild.BuildEnv(), " "), strings.Join(wasmbuild.BuildFlags(), " "))
	b.WriteString("| module | raw | gzip -9 | brotli -q 11 | target (brotli) |\n|---|---:|---:|---:|---|\n")
	for _, s := range sz {
		verdict := "met"
		if s.br > targetBrotli {
			verdict = fmt.Sprintf("MISS by %d KB", (s.br-targetBrotli+999)/1000)
		}
		fmt.Fprintf(b, "| %s | %d KB | %d KB | %d KB | ≤ 500 KB: %s |\n", wasmbuild.ModuleAsset(s.system), s.raw/1000, s.gz/1000, s.br/1000, verdict)
	}
	b.WriteString("\n")
}

func sizesOf(module []byte) (sizes, error) {
	var gz, br bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if err != nil {
		return sizes{}, err
	}
	zw.Write(module)
	if err := zw.Close(); err != nil {
		return sizes{}, err
	}
	bw := brotli.NewWriterLevel(&br, brotli.BestCompression)
	bw.Write(module)
	if err := bw.Close(); err != nil {
		return sizes{}, err
	}
	return sizes{raw: len(module), gz: gz.Len(), br: br.Len()}, nil
}

// buildSite builds two pages: /first/ with one calculator at the top (for
// the time to the first result) and /maxed/ with every calculator at its
// largest inputs.
func buildSite(ctx context.Context, root, dir string) (string, error) {
	// The first page shows the last system's first calculator on its defaults.
	all := systems.New().Systems()
	first := all[len(all)-1].Calculators[0].ID
	var maxedPage strings.Builder
	maxedPage.WriteString("---\ntitle: Maxed\n---\n")
	for _, m := range maxedCalcs() {
		maxedPage.WriteString("\n```calc " + m.id + "\n" + m.preset + "```\n")
	}
	files := map[string]string{
		"site.toml":               "title = \"calcbench\"\nbaseURL = \"http://localhost/\"\n",
		"content/_index.md":       "---\ntitle: Home\n---\nHome.\n",
		"content/first/_index.md": "---\ntitle: First\n---\n```calc " + first + "\n```\n",
		"content/maxed/_index.md": maxedPage.String(),
	}
	return benchsite.Build(ctx, root, dir, files)
}

// firstResult loads url in a fresh browser profile (nothing cached) and
// returns the time from navigation start to the first shown result.
func firstResult(exe, profile, url string) (float64, error) {
	ctx, cancel, err := browser.Start(exe, profile, 1280, 900)
	if err != nil {
		return 0, err
	}
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		return 0, err
	}
	wctx, wcancel := context.WithTimeout(ctx, time.Minute)
	defer wcancel()
	// A pre-rendered preset is on screen at first paint (calc.js marks it
	// firstAt "0"): its time is the first contentful paint.
	t, err := chromedp.Run(wctx, chromedp.Poll[[]float64](`(() => { const e = document.querySelector(".calc");
		if (!e || e.dataset.firstAt === undefined) return false;
		if (+e.dataset.firstAt > 0) return [+e.dataset.firstAt];
		const p = performance.getEntriesByName("first-contentful-paint")[0];
		return p ? [p.startTime] : false })()`))
	if err != nil {
		return 0, err
	}
	return t[0], nil
}

// latency is one calculator's figures in milliseconds: inside the worker
// (the module's own time) and the round trip the page sees.
type latency struct {
	id             string
	worker, roundT []float64
}

func latencies(exe, profile, url string, n int) ([]latency, error) {
	ctx, cancel, err := browser.Start(exe, profile, 1280, 900)
	if err != nil {
		return nil, err
	}
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		return nil, err
	}
	var out []latency
	for _, m := range maxedCalcs() {
		l := latency{id: m.label}
		for i := 0; i <= n; i++ {
			js := fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.scrollIntoView(); const r = +(e.dataset.runs||0);
				if (%d > 0 || r === 0) { if (r === %d) e.querySelector("form").requestSubmit(); }
				return true })()`, m.dom, i, i)
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js)); err != nil {
				return nil, err
			}
			wctx, wcancel := context.WithTimeout(ctx, time.Minute)
			res, err := chromedp.Run(wctx, chromedp.Poll[[]float64](fmt.Sprintf(
				`(() => { const e = document.getElementById(%q); return +(e.dataset.runs||0) > %d && e.dataset.state === "ok" ? [+e.dataset.workerMs, +e.dataset.ms] : false })()`, m.dom, i)))
			wcancel()
			if err != nil {
				return nil, fmt.Errorf("%s run %d: %w", m.label, i, err)
			}
			if i > 0 { // the first run includes loading the module
				l.worker = append(l.worker, res[0])
				l.roundT = append(l.roundT, res[1])
			}
		}
		out = append(out, l)
	}
	return out, nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

func report(sz []sizes, firsts []float64, lat []latency, runs int) string {
	var b strings.Builder
	b.WriteString("## calculators (WebAssembly)\n\n")
	fmt.Fprintf(&b, "Produced by `make bench` (`go run ./cmd/sitegen/internal/testing/calcbench -runs %d`) on %s, %s %s/%s, %d CPUs, headless Debian Chromium.\n\n",
		runs, time.Now().Format("2006-01-02"), runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
	sizesTable(&b, sz)
	fmt.Fprintf(&b, "Page load to first result (a page with one calculator at the top, the last system's first on its defaults, fresh browser profile each time, served from loopback): median %.0f ms over %d loads (min %.0f, max %.0f). The preset's result is pre-rendered into the page, so this is the first contentful paint; the module loads later, when the page is idle or the player changes something (see \"calculators on a slow link\").\n\n",
		median(firsts), len(firsts), slices.Min(firsts), slices.Max(firsts))
	b.WriteString("Latency at the largest inputs (after the module has loaded; median of the runs, max in brackets). \"In the worker\" is the module's own time for odds and roll; \"round trip\" adds posting the message and rendering the result.\n\n")
	b.WriteString("| calculator | in the worker | round trip | target ≤ 50 ms |\n|---|---:|---:|---|\n")
	for _, l := range lat {
		v := "met"
		if median(l.roundT) > targetLatency {
			v = "MISS"
		}
		fmt.Fprintf(&b, "| %s | %.1f ms (%.1f) | %.0f ms (%.0f) | %s |\n", l.id, median(l.worker), slices.Max(l.worker), median(l.roundT), slices.Max(l.roundT), v)
	}
	return b.String()
}
