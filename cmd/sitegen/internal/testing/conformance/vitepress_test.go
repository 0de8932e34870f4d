package conformance

import "testing"

// vitepressFixture is a small VitePress rules site: a home page with a hero, a
// sidebar of two groups whose labels differ from the pages' titles, links
// without extension, with .md and .html, absolute and relative, containers,
// a page the sidebar does not list, srcExclude, public/ and a package.json.
var vitepressFixture = map[string]string{
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

// TestVitePress builds vitepressFixture with VitePress and with sitegen
// and compares them: the pages and titles, the links, the sidebar's
// entries and labels, and what is not published (srcExclude,
// package.json; public/ published at the root).
func TestVitePress(t *testing.T) {
	Run(t, VitePress, Sitegen, Fixture{
		Name: "sidebar, srcExclude and public",
		Rule: `"prologue.md --> /prologue.html" (https://vitepress.dev/guide/routing#file-based-routing); "srcExclude: Glob patterns for matching markdown files that should be excluded as source content" ` +
			`(https://vitepress.dev/reference/site-config#srcexclude); "The sidebar is the main navigation block" ` +
			`(https://vitepress.dev/reference/default-theme-sidebar); "Assets placed in public will be copied to the root of the output directory" ` +
			`(https://vitepress.dev/guide/asset-handling#the-public-directory)`,
		Files: vitepressFixture,
		// The pages srcExclude leaves out, under either URL style, and the
		// project's files; public/ is published at the root, not as public/.
		Unpublished: []string{"drafts/secret.html", "drafts/secret/index.html", "rules/TODO.html", "rules/todo/index.html",
			"rules/TODO/index.html", "package.json", "public/img/d6.svg"},
		Published:  []string{"img/d6.svg"},
		NavEntries: 7,
		// "The sidebar is the main navigation block ... you can configure
		// the sidebar menu in themeConfig.sidebar": the sidebar as
		// configured, rules/extra.md (published, reachable by its link) not
		// in it (eval6B KB14).
		SameNav: true,
		// cleanUrls unset: "guide/getting-started.md --> /guide/getting-started.html"
		// (https://vitepress.dev/guide/routing#file-based-routing).
		SameFiles: true,
		// The hero home page has no title of its own: its <title> is the
		// site's (TestVitePressHomeTitle has the others).
		HomeTitle: true,
	})
}

// TestVitePressTopNav is eval10A NA6 (PaulineNemchak/dnd-5e-campaigns,
// whose "Vampires Campaign" only the top bar links): "nav: The
// configuration for the nav menu item" with "text and link", and "items"
// for a dropdown, which may hold groups of its own items
// (https://vitepress.dev/reference/default-theme-nav); every page shows
// it. Its entries are found in sitegen's navigation, those no sidebar
// lists (campaign/, rules/extra.md) included.
func TestVitePressTopNav(t *testing.T) {
	Run(t, VitePress, Sitegen, Fixture{
		Name: "a top bar linking pages no sidebar lists",
		Rule: `"nav: The configuration for the nav menu item" (https://vitepress.dev/reference/default-theme-nav)`,
		Files: map[string]string{
			".vitepress/config.mts": `export default {
  title: 'Six Dice',
  themeConfig: {
    nav: [
      { text: 'Home', link: '/' },
      { text: 'The campaign', link: '/campaign/', activeMatch: '/campaign/' },
      { text: 'More', items: [
        { text: 'Extra rules', link: '/rules/extra' },
        { text: 'Group', items: [ { text: 'Skills', link: '/rules/skills' } ] }
      ] }
    ],
    sidebar: [ { text: 'Rules', items: [ { text: 'Skills', link: '/rules/skills' } ] } ]
  }
}
`,
			"index.md":          "---\nlayout: home\nhero:\n  name: Six Dice\n  actions:\n    - theme: brand\n      text: Skills\n      link: /rules/skills\n---\n",
			"campaign/index.md": "# The campaign\n\nText.\n",
			"rules/skills.md":   "# Skills\n\nText.\n",
			"rules/extra.md":    "# Extra\n\nText.\n",
		},
		NavEntries: 8,
	})
}

// TestVitePressTopNavNoSidebar is eval11B NB9 (UMARU-xiaomai/UNTiTlED-wiki:
// a top bar of 8 entries, no sidebar): VitePress's default theme shows the
// top bar and no sidebar ("The sidebar is the main navigation block for
// your documentation. You can configure the sidebar menu in
// themeConfig.sidebar", https://vitepress.dev/reference/default-theme-sidebar),
// so its navigation is the top bar's entries once, a page it does not
// link (spells/ice) published and not in it; sitegen showed the top bar's
// pages, then the page tree (the same pages again).
func TestVitePressTopNavNoSidebar(t *testing.T) {
	Run(t, VitePress, Sitegen, Fixture{
		Name: "a top bar without a sidebar",
		Rule: `"The sidebar is the main navigation block ... configure the sidebar menu in themeConfig.sidebar" (https://vitepress.dev/reference/default-theme-sidebar)`,
		Files: map[string]string{
			".vitepress/config.mts": `export default {
  title: 'Six Dice',
  themeConfig: {
    nav: [
      { text: 'Rules', link: '/rules/' },
      { text: 'Spells', items: [ { text: 'Fire', link: '/spells/fire' } ] }
    ]
  }
}
`,
			"index.md":       "# Six Dice\n\nText.\n",
			"rules/index.md": "# Rules\n\nText.\n",
			"spells/fire.md": "# Fire\n\nSee [ice](./ice).\n",
			"spells/ice.md":  "# Ice\n\nText.\n",
		},
		NavEntries: 3,
		NotInNav:   []string{"/spells/ice/"},
		SameNav:    true,
	})
}

// TestVitePressSidebarText is eval11B NB9 (TheoristMC/worlds-frvr-wiki's
// "Lost Frontier"): a sidebar item with text and neither link nor items
// is shown by VitePress as its text (VPSidebarItem's <p class="text">),
// in its place among the group's items; sitegen dropped it.
func TestVitePressSidebarText(t *testing.T) {
	Run(t, VitePress, Sitegen, Fixture{
		Name: "sidebar items without a link",
		Rule: `sidebar items "text" with no "link" (https://vitepress.dev/reference/default-theme-sidebar)`,
		Files: map[string]string{
			".vitepress/config.mts": `export default {
  title: 'Six Dice',
  themeConfig: {
    sidebar: [
      { text: 'Worlds', collapsed: false, items: [
        { text: 'Lost Frontier' },
        { text: 'Fire', link: '/spells/fire' },
        { text: 'Unlimited' }
      ] }
    ]
  }
}
`,
			"index.md":       "# Six Dice\n\nSee [fire](./spells/fire).\n",
			"spells/fire.md": "# Fire\n\nText.\n",
		},
		NavEntries: 4,
		SameNav:    true,
	})
}

// TestVitePressHomeTitle is eval5B JB7: VitePress's home page <title>
// starts with the page's own title, its front matter's or its first
// heading's (createTitle: "const title = pageData.title ||
// siteData.title", then " | " and the site's title; "title: Title for
// the site. When using the default theme, this will be displayed in the
// nav bar. It will also be used as the default suffix for all individual
// page titles", https://vitepress.dev/reference/site-config#title).
func TestVitePressHomeTitle(t *testing.T) {
	for _, f := range []Fixture{
		{
			Name:  "front matter title",
			Rule:  "https://vitepress.dev/reference/site-config#title: the home page's title: Home, then the site's",
			Files: map[string]string{".vitepress/config.mts": "export default {title: 'Six Dice'}\n", "index.md": "---\ntitle: Home\n---\nWelcome.\n"},
		},
		{
			Name:  "a heading",
			Rule:  "https://vitepress.dev/reference/site-config#title: the page's first heading is its title",
			Files: map[string]string{".vitepress/config.mts": "export default {title: 'Six Dice'}\n", "index.md": "# Welcome, reader\n\nText.\n"},
		},
	} {
		f.HomeTitle = true
		t.Run(f.Name, func(t *testing.T) { Run(t, VitePress, Sitegen, f) })
	}
}
