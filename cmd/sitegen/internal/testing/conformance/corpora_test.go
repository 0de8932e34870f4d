package conformance

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/detect"
)

// TestCorpora builds public repositories (fetched, never committed) with
// their own tool and with sitegen in lenient mode and reports, for each,
// what issue 32 measures: the tool's page count, the pages only one of
// them publishes, titles that differ, the navigation's entries out of
// place and labels that differ, links that lead somewhere in one and
// nowhere in the other, the fixture's files only one publishes. It runs
// with CONFORMANCE_CORPORA, a list of folders separated by commas (or one
// folder whose sub-folders are the corpora): `make conformance` sets it.
// A Jekyll site of the just-the-docs theme is built with that theme when
// CONFORMANCE_JTD names a checkout of it (its navigation is then
// compared). It fails only where sitegen's lenient build fails and the
// tool's succeeds; the figures go to the log (go test -v).
func TestCorpora(t *testing.T) {
	list := os.Getenv("CONFORMANCE_CORPORA")
	if list == "" {
		t.Skip("CONFORMANCE_CORPORA names no corpora (make conformance sets it)")
	}
	var dirs []string
	for _, d := range strings.Split(list, ",") {
		if _, err := os.Stat(filepath.Join(d, ".")); err != nil {
			t.Skipf("CONFORMANCE_CORPORA: %v (fetch the corpora there first)", err)
		}
		if lay, err := detect.Layout(d); err == nil && lay.Kind != layout.Markdown {
			dirs = append(dirs, d)
			continue
		}
		subs, _ := filepath.Glob(filepath.Join(d, "*"))
		for _, s := range subs {
			if info, err := os.Stat(s); err == nil && info.IsDir() {
				dirs = append(dirs, s)
			}
		}
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			lay, err := detect.Layout(dir)
			if err != nil {
				t.Fatalf("layout: %v", err)
			}
			var tool Tool
			switch lay.Kind {
			case layout.MkDocs:
				tool = MkDocs
			case layout.Hugo:
				tool = Hugo
			case layout.Jekyll:
				tool = Jekyll
				if jtd := os.Getenv("CONFORMANCE_JTD"); jtd != "" && usesJTD(dir) {
					tool = JustTheDocs(jtd)
				}
			case layout.VitePress:
				tool = VitePress
			case layout.Docusaurus:
				tool = Docusaurus
			case layout.Quartz:
				tool = Quartz
			case layout.Starlight:
				tool = Starlight
			default:
				t.Skipf("%s: no tool to build it with here", lay.Kind)
			}
			if why := tool.Missing(); why != "" {
				t.Skip(why)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
			defer cancel()
			native, nerr := buildCorpus(ctx, t, tool, dir)
			ours, oerr := buildCorpus(ctx, t, Sitegen, dir)
			switch {
			case nerr != nil && oerr != nil:
				t.Skipf("neither builds: %s: %v; sitegen: %v", tool.Name, nerr, oerr)
			case nerr != nil:
				t.Logf("%s does not build it (sitegen does): %v", tool.Name, nerr)
				return
			case oerr != nil:
				t.Fatalf("sitegen's lenient build fails where %s's succeeds: %v", tool.Name, oerr)
			}
			// The tool's site is served under the path of its base (a
			// VitePress base: "/XiuXianCore-Wiki/", a Docusaurus baseUrl:
			// "/nimblenomicon"), sitegen's read at the root.
			if u, err := url.Parse(lay.Settings.BaseURL); err == nil && (lay.Kind == layout.VitePress || lay.Kind == layout.Docusaurus) && strings.Trim(u.Path, "/") != "" {
				native = Rebase(native, "/"+strings.Trim(u.Path, "/")+"/")
			}
			var files []string
			_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					rel, _ := filepath.Rel(dir, p)
					files = append(files, filepath.ToSlash(rel))
				}
				return nil
			})
			diffs := Compare(native, ours, files)
			count := map[string]int{}
			for _, d := range diffs {
				count[d.Kind]++
				t.Log(d)
			}
			out := 0
			if native.Nav != nil {
				out, _, _ = NavDiff(native.Nav, ours.Nav)
			}
			t.Logf("SUMMARY %s %s: tool pages %d, sitegen pages %d (%d lists); differences: pages %d, titles %d, links %d, nav out of place %d of %d, labels %d, files %d",
				filepath.Base(dir), tool.Name, len(native.Pages), len(ours.Pages), len(ours.Lists),
				count["page"], count["title"], count["link"], out, len(native.Nav), count["label"], count["file"])
		})
	}
}

func buildCorpus(ctx context.Context, t *testing.T, tool Tool, dir string) (Site, error) {
	t.Helper()
	src := filepath.Join(t.TempDir(), "src")
	if err := os.CopyFS(src, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(t.TempDir(), "out")
	if err := tool.Build(ctx, src, dest); err != nil {
		return Site{}, err
	}
	return tool.Read(dest)
}

// usesJTD reports whether the Jekyll site at dir uses the just-the-docs
// theme.
func usesJTD(dir string) bool {
	raw, err := os.ReadFile(filepath.Join(dir, "_config.yml"))
	return err == nil && slices.ContainsFunc(strings.Split(string(raw), "\n"), func(l string) bool {
		return strings.Contains(l, "theme") && strings.Contains(l, "just-the-docs")
	})
}
