package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
	"golang.org/x/net/html"

	"d6codex/cmd/sitegen/internal/testing/browser"
)

// Quartz builds a fixture (quartz.config.ts beside content/) with Quartz
// v4's own build, from the checkout $QUARTZ_DIR names (a clone of
// jackyzha0/quartz after npm ci: Quartz is not on npm). A site that
// carries its own Quartz (quartz/bootstrap-cli.mjs, its plugins included)
// is built with that, on the checkout's node_modules. Its navigation is
// the Explorer, which Quartz's own script builds in the browser: Read
// opens the home page in Chromium and reads it there.
//
// CI clones Quartz when the network allows (.ci/run); where it cannot,
// $QUARTZ_UNAVAILABLE says why and the tests skip with that reason
// (Tool.Unobtainable).
var Quartz = Tool{
	Name: "Quartz",
	Missing: func() string {
		_, why := quartzDir()
		return why
	},
	Unobtainable: func() string { return os.Getenv("QUARTZ_UNAVAILABLE") },
	Build: func(ctx context.Context, src, dest string) error {
		qdir, why := quartzDir()
		if why != "" {
			return fmt.Errorf("%s", why)
		}
		// Quartz's build runs in a work folder holding its code, its
		// modules and the site's settings.
		work, err := os.MkdirTemp("", "quartz-work-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(work)
		code := qdir
		if _, err := os.Stat(filepath.Join(src, "quartz", "bootstrap-cli.mjs")); err == nil {
			code = src
		}
		for _, f := range []string{"package.json", "tsconfig.json", "quartz.layout.ts"} {
			from := filepath.Join(code, f)
			if _, err := os.Stat(from); err != nil {
				from = filepath.Join(qdir, f)
			}
			b, err := os.ReadFile(from)
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(work, f), b, 0o644); err != nil {
				return err
			}
		}
		if err := os.CopyFS(filepath.Join(work, "quartz"), os.DirFS(filepath.Join(code, "quartz"))); err != nil {
			return err
		}
		if err := os.Symlink(filepath.Join(qdir, "node_modules"), filepath.Join(work, "node_modules")); err != nil {
			return err
		}
		// The emitter of social images fetches fonts over the network: it
		// makes no page, and is left out.
		cfg, err := os.ReadFile(filepath.Join(src, "quartz.config.ts"))
		if err != nil {
			return err
		}
		cfg = regexp.MustCompile(`Plugin\.CustomOgImages\([^)]*\),?`).ReplaceAll(cfg, nil)
		if err := os.WriteFile(filepath.Join(work, "quartz.config.ts"), cfg, 0o644); err != nil {
			return err
		}
		return run(ctx, work, "node", "quartz/bootstrap-cli.mjs", "build", "-d", filepath.Join(src, "content"), "-o", dest)
	},
	Read: func(dest string) (Site, error) {
		s, err := ReadOutput(dest, quartzMarkup)
		if err != nil {
			return s, err
		}
		s.Nav, err = quartzExplorer(dest)
		return s, err
	},
	Timeout: 5 * time.Minute,
}

var quartzMarkup = Markup{
	// A note's text, and a folder page's own text above its list.
	Content: func(n *html.Node) bool { return n.Data == "article" },
	// <title> is the note's title (pageTitleSuffix, "" by default, after it).
	Title: func(doc *html.Node) string {
		return Text(Find(doc, func(n *html.Node) bool { return n.Data == "title" }))
	},
	// Its assets, its content index, the tag pages (sitegen makes its own
	// tag pages elsewhere), feeds and sitemap.
	Skip: func(rel string) bool {
		return rel == "404.html" || strings.HasPrefix(rel, "static/") || strings.HasPrefix(rel, "tags/") ||
			rel == "index.css" || rel == "prescript.js" || rel == "postscript.js" || strings.HasSuffix(rel, ".xml")
	},
}

// quartzDir is the Quartz checkout to build with ($QUARTZ_DIR); why says
// what is missing.
func quartzDir() (dir, why string) {
	dir = os.Getenv("QUARTZ_DIR")
	if dir == "" {
		return "", "QUARTZ_DIR is not set: it names a Quartz v4.5.1 checkout with its node_modules " +
			"(git clone --depth 1 -b v4.5.1 https://github.com/jackyzha0/quartz; npm ci; CI does when it can: .ci/run)"
	}
	for _, f := range []string{"node_modules", filepath.Join("quartz", "bootstrap-cli.mjs")} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			return "", fmt.Sprintf("QUARTZ_DIR %s has no %s (a Quartz v4 checkout after npm ci)", dir, f)
		}
	}
	if browser.Find() == "" {
		return "", "no Chromium to read Quartz's Explorer with (apt-get install chromium; CI does: .ci/run)"
	}
	return dir, ""
}

// quartzExplorer reads the Explorer of the home page of Quartz's output
// dir in Chromium, where Quartz's own script builds it: a folder is an
// entry with its label and its page's URL, followed by its contents,
// depth first.
func quartzExplorer(dir string) ([]Entry, error) {
	profile, err := os.MkdirTemp("", "quartz-chromium-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(profile)
	ctx, cancel, err := browser.Start(browser.Find(), profile, 1280, 900)
	if err != nil {
		return nil, err
	}
	defer cancel()
	ctx, stop := context.WithTimeout(ctx, 2*time.Minute)
	defer stop()
	base, closeServer, err := browser.ServeDir(dir)
	if err != nil {
		return nil, err
	}
	defer closeServer()
	// The home page's Explorer; a site without one (content/index.html
	// and no index.md: Quartz makes no home page) shows it on every note.
	start := "/index.html"
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		notes, _ := filepath.Glob(filepath.Join(dir, "*.html"))
		notes = slices.DeleteFunc(notes, func(f string) bool { return filepath.Base(f) == "404.html" })
		if len(notes) == 0 {
			return nil, fmt.Errorf("no page to read Quartz's Explorer on")
		}
		start = "/" + filepath.Base(notes[0])
	}
	if _, err := chromedp.RunResponse(ctx, chromedp.Navigate(base+start), chromedp.WaitReady(`.explorer-ul li`)); err != nil {
		return nil, fmt.Errorf("open Quartz's %s: %w", start, err)
	}
	js, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
			const out = [];
			const walk = (ul) => {
				for (const li of ul.children) {
					const folder = li.querySelector(':scope > .folder-container .folder-title');
					if (folder) {
						out.push({Label: folder.textContent, URL: folder.href ? new URL(folder.href).pathname : ""});
						const sub = li.querySelector(':scope > .folder-outer > ul');
						if (sub) walk(sub);
						continue;
					}
					const a = li.querySelector(':scope > a');
					if (a) out.push({Label: a.textContent, URL: new URL(a.href).pathname});
				}
			};
			walk(document.querySelector('.explorer .explorer-ul'));
			return JSON.stringify(out);
		})()`))
	if err != nil {
		return nil, fmt.Errorf("read Quartz's Explorer: %w", err)
	}
	var out []Entry
	if err := json.Unmarshal([]byte(js), &out); err != nil {
		return nil, err
	}
	for i := range out {
		if out[i].URL != "" {
			out[i].URL = Canonical(out[i].URL)
		}
		out[i].Label = strings.Join(strings.Fields(out[i].Label), " ")
	}
	if out == nil {
		out = []Entry{}
	}
	return out, nil
}
