package vitepress_test

import (
	"context"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/testing/differential"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// fixture is a small VitePress rules site: a home page with a hero, a
// sidebar of two groups whose labels differ from the pages' titles, links
// without extension, with .md and .html, absolute and relative, containers,
// a page the sidebar does not list, srcExclude, public/ and a package.json.
var fixture = map[string]string{
	".vitepress/config.mts": `import { defineConfig } from 'vitepress'

export default defineConfig({
  title: 'Six Dice Rules',
  srcExclude: ['drafts/**', '**/TODO.md'],
  themeConfig: {
    sidebar: [
      {
        text: 'Guide',
        items: [
          { text: 'Start here', link: '/guide/' },
          { text: 'Rolling dice', link: '/guide/dice' },
          { text: 'Fighting', link: '/guide/combat.md' },
        ]
      },
      {
        text: 'Rules',
        items: [
          { text: 'Skills', link: '/rules/skills' },
          { text: 'The wild die', link: '/rules/wild-die' },
        ]
      }
    ]
  }
})
`,
	"index.md":          "---\nlayout: home\nhero:\n  name: Six Dice\n  text: A rules reference\n  actions:\n    - theme: brand\n      text: Get started\n      link: /guide/\nfeatures:\n  - title: Dice\n    details: Pools of dice.\n    link: /guide/dice\n---\n",
	"guide/index.md":    "# Getting started\n\nRead [the dice](./dice) first, then [combat](combat.md) and [skills](../rules/skills.html).\n\n::: tip\nKeep a pencil.\n:::\n\n::: warning Careful\nThe wild die explodes: [explosions](/rules/wild-die#explosions).\n:::\n",
	"guide/dice.md":     "# Rolling dice\n\nRoll a pool. ![a die](/img/d6.svg)\n\n::: details Click to see\nHidden.\n:::\n",
	"guide/combat.md":   "---\ntitle: Combat\n---\n# Fighting\n\nBack to [the guide](./).\n",
	"rules/wild-die.md": "# The wild die\n\n## Explosions\n\nA six explodes. See [skills](./skills) and [extra](extra).\n",
	"rules/skills.md":   "# Skills\n\nSkills add dice. See [the start](../guide/index.md).\n",
	"rules/extra.md":    "# Extra rules\n\nNot in the sidebar.\n",
	"rules/TODO.md":     "# To do\n",
	"drafts/secret.md":  "# Secret\n",
	"public/img/d6.svg": `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`,
	"package.json":      `{"name": "fixture", "private": true, "type": "module"}`,
}

// vitepressBin finds VitePress: $VITEPRESS (its node_modules folder or
// its bin), else vitepress on PATH. The node_modules folder beside the
// binary is what the fixture's config imports 'vitepress' from.
func vitepressBin(t *testing.T) (bin, modules string) {
	t.Helper()
	cands := []string{}
	if env := os.Getenv("VITEPRESS"); env != "" {
		cands = append(cands, filepath.Join(env, ".bin", "vitepress"), filepath.Join(env, "node_modules", ".bin", "vitepress"), env)
	}
	if p, err := exec.LookPath("vitepress"); err == nil {
		cands = append(cands, p)
	}
	for _, c := range cands {
		real, err := filepath.EvalSymlinks(c)
		if err != nil {
			continue
		}
		if info, err := os.Stat(real); err == nil && !info.IsDir() {
			// .../node_modules/vitepress/bin/vitepress.js
			mod := filepath.Dir(filepath.Dir(filepath.Dir(real)))
			if filepath.Base(mod) == "node_modules" {
				return c, mod
			}
		}
	}
	t.Skip("VitePress is not installed: npm install -g vitepress@1.6.4 (or set VITEPRESS to its node_modules folder) to compare sitegen with it")
	return "", ""
}

func TestDifferentialVitePress(t *testing.T) {
	bin, modules := vitepressBin(t)
	src := t.TempDir()
	sitetest.WriteFiles(t, src, fixture)
	if err := os.Symlink(modules, filepath.Join(src, "node_modules")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "build", src)
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("vitepress build: %v\n%s", err, out)
	}
	theirs := differential.Read(t, filepath.Join(src, ".vitepress", "dist"), differential.VitePress)

	dest := filepath.Join(t.TempDir(), "out")
	theme := fstest.MapFS{"css/site.css": {Data: []byte("body{}\n")}}
	// VitePress fails on a dead link (https://vitepress.dev/reference/site-config#ignoredeadlinks),
	// as sitegen does by default: the fixture's links are all good.
	res, err := site.Build(context.Background(), site.Options{Source: src, Dest: dest, Theme: theme, CacheDir: "-"})
	if err != nil {
		t.Fatalf("sitegen build: %v", err)
	}
	if res.Cleanup != nil {
		res.Cleanup()
	}
	ours := differential.Read(t, dest, differential.Sitegen)
	t.Logf("vitepress: pages %v\nnav %q\nlinks %v", theirs.Pages, theirs.Nav, theirs.Links)
	t.Logf("sitegen: nav %q", ours.Nav)

	// The pages: sitegen adds a list page for rules/, a folder without
	// an index.md (its section in the navigation); VitePress has none.
	delete(ours.Pages, "/rules")
	if got, want := slices.Sorted(maps.Keys(ours.Pages)), slices.Sorted(maps.Keys(theirs.Pages)); !slices.Equal(got, want) {
		t.Errorf("page URLs:\n sitegen   %v\n vitepress %v", got, want)
	}
	for u, title := range theirs.Pages {
		if u == "/" {
			continue // VitePress titles its home page with the site's title alone
		}
		if ours.Pages[u] != title {
			t.Errorf("title of %s: sitegen %q, vitepress %q", u, ours.Pages[u], title)
		}
	}
	// Which links resolve, and to what.
	for u := range theirs.Pages {
		if g, w := strings.Join(ours.Links[u], " "), strings.Join(theirs.Links[u], " "); g != w {
			t.Errorf("links of %s that resolve:\n sitegen   %s\n vitepress %s", u, g, w)
		}
		if g, w := len(ours.Broken[u]), len(theirs.Broken[u]); g != w {
			t.Errorf("broken links of %s: sitegen %v, vitepress %v", u, ours.Broken[u], theirs.Broken[u])
		}
	}
	// The navigation: VitePress's sidebar, its order and labels.
	if n := len(theirs.Nav); n != 7 {
		t.Fatalf("VitePress's sidebar has %d entries, want the fixture's 7: %q", n, theirs.Nav)
	}
	out, labels, missing, groups := differential.NavDiff(theirs.Nav, ours.Nav)
	if out != 0 || len(labels) > 0 || len(missing) > 0 || len(groups) > 0 {
		t.Errorf("navigation: %d out of place, labels %q, missing %q, groups %q\n sitegen   %q\n vitepress %q",
			out, labels, missing, groups, ours.Nav, theirs.Nav)
	}
	// What is not published, and public/ at the root.
	for _, f := range []string{"img/d6.svg"} {
		if !ours.Files[f] || !theirs.Files[f] {
			t.Errorf("%s: sitegen %v, vitepress %v", f, ours.Files[f], theirs.Files[f])
		}
	}
	for _, f := range []string{"drafts/secret.html", "drafts/secret/index.html", "rules/TODO.html", "rules/todo/index.html",
		"rules/TODO/index.html", "package.json", "public/img/d6.svg"} {
		if ours.Files[f] || theirs.Files[f] {
			t.Errorf("%s published: sitegen %v, vitepress %v", f, ours.Files[f], theirs.Files[f])
		}
	}
	// And the build says what srcExclude left out.
	var left []string
	for _, n := range res.NotPublished {
		left = append(left, n.File+": "+n.Reason)
	}
	if want := []string{"drafts/secret.md: srcExclude (VitePress)", "rules/TODO.md: srcExclude (VitePress)"}; !slices.Equal(left, want) {
		t.Errorf("not published: %q, want %q", left, want)
	}
}
