package vitepress

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestURL: https://vitepress.dev/guide/routing#file-based-routing:
// "index.md --> /index.html (accessible as /)", "prologue.md -->
// /prologue.html", "guide/index.md --> /guide/index.html (accessible as
// /guide/)", "guide/getting-started.md --> /guide/getting-started.html".
func TestURL(t *testing.T) {
	for rel, want := range map[string]string{
		"index.md": "/", "prologue.md": "/prologue/", "guide/index.md": "/guide/",
		"guide/getting-started.md": "/guide/getting-started/", "Guide/Intro.md": "/Guide/Intro/",
	} {
		if got := URL(rel); got != want {
			t.Errorf("URL(%q) = %q, want %q", rel, got, want)
		}
	}
}

func nav(l *layout.Layout) string {
	var b strings.Builder
	for _, e := range l.Nav {
		fmt.Fprintf(&b, "%d:%s:%s ", e.Depth, e.Path, e.Title)
	}
	return b.String()
}

// navHTML is each entry's title as text and as the inline HTML it shows
// ("text=html", the html "" when the text has no markup), then the
// layout's notes.
func navHTML(l *layout.Layout) string {
	var b strings.Builder
	for _, e := range l.Nav {
		if !e.Separator {
			fmt.Fprintf(&b, "%s=%s ", e.Title, e.TitleHTML)
		}
	}
	fmt.Fprintf(&b, "|%q", l.Notes)
	return b.String()
}

// navAll is nav with separators and page trees, then NavAsWritten.
func navAll(l *layout.Layout) string {
	var b strings.Builder
	for _, e := range l.Nav {
		switch {
		case e.Separator:
			b.WriteString("--- ")
		case e.Tree != "":
			fmt.Fprintf(&b, "tree:%s ", e.Tree)
		default:
			fmt.Fprintf(&b, "%d:%s:%s ", e.Depth, e.Path, e.Title)
		}
	}
	fmt.Fprintf(&b, "|%v", l.NavAsWritten)
	return b.String()
}

func TestRecognise(t *testing.T) {
	pages := map[string]string{"index.md": "", "guide/index.md": "", "guide/one.md": "", "guide/two.md": "",
		"config/index.md": "", "config/three.md": "", "reference/site-config.md": "", "reference/default-theme-nav.md": ""}
	with := func(files map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range pages {
			out[k] = v
		}
		for k, v := range files {
			out[k] = v
		}
		return out
	}
	tests := []struct {
		name  string
		files map[string]string
		got   func(l *layout.Layout) string
		want  string
	}{
		{
			// https://vitepress.dev/reference/site-config#title: "Default:
			// VitePress"; #srcdir: "Default: ."; #base: "Default: /".
			name:  "defaults",
			files: with(map[string]string{".vitepress/config.js": "export default {}"}),
			got: func(l *layout.Layout) string {
				return fmt.Sprintf("%s|%s|%s|%v", l.Content, l.Settings.Title, l.Settings.BaseURL, l.Static)
			},
			want: ".|VitePress||[public]",
		},
		{
			// "ignoreDeadLinks ... When set to true, VitePress will not
			// fail builds due to dead links"
			// (https://vitepress.dev/reference/site-config#ignoredeadlinks).
			name:  "ignoreDeadLinks",
			files: with(map[string]string{".vitepress/config.js": "export default { ignoreDeadLinks: true }"}),
			got:   func(l *layout.Layout) string { return l.Settings.BrokenLinks },
			want:  "warn",
		},
		{
			// Unset or false, VitePress fails the build on a dead link
			// ("[vitepress] 4 dead link(s) found", eval24B): "error".
			name:  "ignoreDeadLinks false",
			files: with(map[string]string{".vitepress/config.js": "export default { ignoreDeadLinks: false }"}),
			got:   func(l *layout.Layout) string { return l.Settings.BrokenLinks },
			want:  "error",
		},
		{
			name:  "ignoreDeadLinks unset",
			files: with(map[string]string{".vitepress/config.js": "export default { title: 'T' }"}),
			got:   func(l *layout.Layout) string { return l.Settings.BrokenLinks },
			want:  "error",
		},
		{
			name:  "ignoreDeadLinks localhostLinks",
			files: with(map[string]string{".vitepress/config.js": "export default { ignoreDeadLinks: 'localhostLinks' }"}),
			got: func(l *layout.Layout) string {
				return l.Settings.BrokenLinks + "|" + strings.Join(l.Notes, ";")
			},
			want: "error|.vitepress/config.js: ignoreDeadLinks other than true is not read: broken links fail the build unless --broken-links warn",
		},
		{
			// "The srcDir option is resolved relative to project root"
			// (https://vitepress.dev/guide/routing#source-directory); a
			// project in docs/: "vitepress dev docs".
			name:  "docs root and srcDir",
			files: map[string]string{"docs/.vitepress/config.ts": "export default defineConfig({title: 'Rules', srcDir: './src', base: '/srd/'})", "docs/src/index.md": ""},
			got: func(l *layout.Layout) string {
				return fmt.Sprintf("%s|%s|%s|%v", l.Content, l.Settings.Title, l.Settings.BaseURL, l.Static)
			},
			want: "docs/src|Rules|/srd/|[docs/src/public]",
		},
		{
			// https://vitepress.dev/reference/site-config#srcexclude: "A glob
			// pattern for matching markdown files that should be excluded as
			// source content." srcExclude: ['**/README.md', '**/TODO.md'].
			// Pages the build does not publish and reports; node_modules/
			// and dist/ are never read (VitePress's glob ignores them).
			name:  "srcExclude",
			files: map[string]string{".vitepress/config.mts": "export default {srcExclude: ['**/README.md', '**/TODO.md', 'drafts/**']}"},
			got: func(l *layout.Layout) string {
				reason := func(rel string) string {
					if r := l.UnpublishedPath(rel, false); r != nil {
						return r.Reason
					}
					return "-"
				}
				return fmt.Sprintf("%s|%s|%s|%v|%v|%v", reason("README.md"), reason("a/b/TODO.md"), reason("a/b.md"),
					l.UnpublishedFile("drafts/map.png") == nil, l.Skip("node_modules", true), l.Skip("dist", true))
			},
			want: "srcExclude (VitePress)|srcExclude (VitePress)|-|true|true|true",
		},
		{
			// https://vitepress.dev/reference/default-theme-sidebar#the-basics:
			// "Each link should specify the path to the actual file starting
			// with /. If you add trailing slash to the end of link, it will
			// show index.md of the corresponding directory."
			name: "sidebar array",
			files: with(map[string]string{".vitepress/config.js": `export default {themeConfig: {sidebar: [
				{text: 'Guide', items: [{text: 'Introduction', link: '/guide/'}, {text: 'One', link: '/guide/one'}, {text: 'Two', link: '/guide/two.md'},
				  {text: 'Web', link: 'https://x.test'}]},
				{text: 'Config', items: [{text: 'Three', link: '/config/three', items: [{text: 'Index', link: '/config/'}]}]}]}}`}),
			got: nav,
			// 'Web', another site's, is a link out (TestNavLinksElsewhere).
			want: "0::Guide 1:guide/index.md:Introduction 1:guide/one.md:One 1:guide/two.md:Two 1::Web 0::Config 1:config/three.md:Three 2:config/index.md:Index ",
		},
		{
			// An item with text and neither link nor items: VitePress
			// shows its text, not a link (VPSidebarItem writes it as a
			// <p class="text">); TheoristMC/worlds-frvr-wiki's "Lost
			// Frontier" (eval11B NB9) was dropped.
			name: "sidebar item without a link",
			files: with(map[string]string{".vitepress/config.js": `export default {themeConfig: {sidebar: [
				{text: 'Worlds', collapsed: false, items: [{text: 'Lost Frontier'}, {text: 'One', link: '/guide/one'}, {text: 'Unlimited'}]}]}}`}),
			got:  nav,
			want: "0::Worlds 1::Lost Frontier 1:guide/one.md:One 1::Unlimited ",
		},
		{
			// "#multiple-sidebars: ... pass an object instead of an array",
			// and "#path-prefix": base prepended to the items' links, a
			// nested base replacing the parent's.
			name: "sidebar object with base",
			files: with(map[string]string{".vitepress/config.js": `export default {themeConfig: {sidebar: {
				'/guide/': [{text: 'Guide', items: [{text: 'Index', link: '/guide/'}, {text: 'One', link: '/guide/one'}]}],
				'/reference/': {base: '/reference/', items: [{text: 'Site Config', link: 'site-config'},
				  {text: 'Default Theme', base: '/reference/default-theme-', items: [{text: 'Nav', link: 'nav'}]}]}}}}`}),
			got:  nav,
			want: "0::Guide 1:guide/index.md:Index 1:guide/one.md:One 0:: 0:reference/site-config.md:Site Config 0::Default Theme 1:reference/default-theme-nav.md:Nav ",
		},
		{
			// A sidebar and nav imported from the project's own modules
			// ("import { nav, sidebar } from './configs'", an index that
			// re-exports "export * from './sidebar'"): their constants
			// read as if written in the config (found on
			// ZAESKY/xiunoLightWiki); a module out of the project is not.
			name: "sidebar from a local module",
			files: with(map[string]string{
				".vitepress/config.mts":         "import { defineConfig } from 'vitepress'\nimport { nav, sidebar } from './configs'\nimport { other } from '../../outside'\nexport default defineConfig({ themeConfig: { nav, sidebar } })\n",
				".vitepress/configs/index.ts":   "export * from './nav'\nexport * from './sidebar'\n",
				".vitepress/configs/nav.ts":     "import type { DefaultTheme } from 'vitepress'\nexport const nav: DefaultTheme.Config['nav'] = [{ text: 'Home', link: '/' }]\n",
				".vitepress/configs/sidebar.ts": "export const sidebar = [{ text: 'Guide', items: [{ text: 'One', link: '/guide/one' }] }]\nexport default { themeConfig: {} }\n",
			}),
			got:  navAll,
			want: "0:index.md:Home --- 0::Guide 1:guide/one.md:One |true",
		},
		{
			// Sidebar and nav texts are HTML: "<component :is="textTag"
			// class="text" v-html="item.text" />" (VPSidebarItem.vue,
			// VPNavBarMenuLink.vue's "<span v-html="item.text">", 1.6.4):
			// what a reader sees is their text, the markup not shown.
			name: "HTML in texts",
			files: with(map[string]string{".vitepress/config.js": `export default {themeConfig: {
				nav: [{text: '<b>Guide</b> &amp; more', link: '/guide/'}],
				sidebar: [{text: 'Group <span class="new">new</span>', items: [{text: 'One <Badge type="tip" text="^1.0" />', link: '/guide/one'}]}]}}`}),
			got:  navAll,
			want: "0:guide/index.md:Guide & more --- 0::Group new 1:guide/one.md:One |true",
		},
		{
			// v-html renders the text's markup: "<component :is="textTag"
			// class="text" v-html="item.text" />" (VPSidebarItem.vue; the
			// nav's "<span v-html="item.text">", VPNavBarMenuLink.vue,
			// 1.6.4). sitegen shows the inline markup its raw-HTML policy
			// keeps (package rawhtml): bold, a styled span; a block or a
			// link inside the label is its text alone (a link in a link is
			// no valid HTML), and what the policy removes is named.
			name: "HTML in texts formatted",
			files: with(map[string]string{".vitepress/config.js": `export default {themeConfig: {
				nav: [{text: '<b>Guide</b> &amp; more', link: '/guide/'}],
				sidebar: [{text: 'Group <span style="color: red">new</span>', items: [
				  {text: 'One <Badge type="tip" text="^1.0" />', link: '/guide/one'},
				  {text: '<div>Two</div> <a href="/x">link</a> <span onclick="x()" style="position: fixed; font-weight: bold">y</span>', link: '/guide/two'},
				  {text: 'Plain &amp; simple', link: '/config/three'}]}]}}`}),
			got: navHTML,
			want: `Guide & more=<b>Guide</b> &amp; more Group new=Group <span style="color: red">new</span> One= ` +
				`Two link y=Two link <span style="font-weight: bold">y</span> Plain & simple= |[".vitepress/config.js: navigation text \"Two link y\": onclick on <span>, position in style on <span> removed (raw HTML is kept where it is safe)"]`,
		},
		{
			// A link to a file of public/ that is no page (a PDF):
			// VitePress's VPLink writes it as it is, base and all
			// (normalizeLink: "!treatAsHtml(pathname)" returns the URL
			// unchanged, shared.js), and the pager lists it like any
			// sidebar link ("generated from the sidebar"): an entry linking
			// the file, under the site's base; one whose file is not in
			// public/ is linked as written too (the server's 404), with a
			// note (TestLinkToNoPage).
			name: "link to a public file",
			files: with(map[string]string{".vitepress/config.js": `export default {base: '/x/', themeConfig: {
				sidebar: [{text: 'Sheet', link: '/x/sheet.pdf'}, {text: 'One', link: '/guide/one'}, {text: 'Gone', link: '/x/gone.pdf'}]}}`,
				"public/sheet.pdf": "%PDF"}),
			got: func(l *layout.Layout) string {
				var b strings.Builder
				for _, e := range l.Nav {
					fmt.Fprintf(&b, "%s:%s:%s ", e.Path, e.Link, e.Title)
				}
				return fmt.Sprintf("%s|%q", b.String(), l.Notes)
			},
			want: `:/sheet.pdf:Sheet guide/one.md::One :/x/gone.pdf:Gone |[".vitepress/config.js: \"Gone\" links \"/x/gone.pdf\", where no page is: linked as VitePress links it, to the 404 page"]`,
		},
		{
			// An item's own base prefixes its own link too, and an empty
			// one is the parent's: "const base = item.base || _base; if
			// (base && item.link) item.link = base + item.link"
			// (theme-default/support/sidebar.js addBase, VitePress 1.6.4).
			name: "item's own base",
			files: with(map[string]string{".vitepress/config.js": `export default {themeConfig: {sidebar: {
				'/reference/': {base: '/reference/', items: [{text: 'Nav', base: '/reference/default-theme-', link: 'nav'},
				  {text: 'Site Config', base: '', link: 'site-config'}]}}}}`}),
			got:  nav,
			want: "0:reference/default-theme-nav.md:Nav 0:reference/site-config.md:Site Config ",
		},
		{
			// "nav: The configuration for the nav menu item", links and
			// dropdowns of items, groups among them
			// (https://vitepress.dev/reference/default-theme-nav): first,
			// then a separator and the sidebar (eval10A NA6); activeMatch
			// is not read; an outside link is a link out, as VitePress
			// shows it (TestNavLinksElsewhere).
			name: "top nav then sidebar",
			files: with(map[string]string{".vitepress/config.mts": `export default {themeConfig: {
				nav: [{text: 'Home', link: '/'}, {text: 'Config', link: '/config/', activeMatch: '/config/'},
				  {text: 'More', items: [{text: 'Three', link: '/config/three'}, {text: 'Ref', items: [{text: 'Nav', link: '/reference/default-theme-nav'}]},
				    {text: 'GitHub', link: 'https://github.com/x/y'}]}],
				sidebar: [{text: 'Guide', items: [{text: 'One', link: '/guide/one'}]}]}}`}),
			got:  navAll,
			want: "0:index.md:Home 0:config/index.md:Config 0::More 1:config/three.md:Three 1::Ref 2:reference/default-theme-nav.md:Nav 1::GitHub --- 0::Guide 1:guide/one.md:One |true",
		},
		{
			// Without a sidebar VitePress's default theme shows the top bar
			// and no sidebar ("The sidebar is the main navigation block
			// for your documentation. You can configure the sidebar menu
			// in themeConfig.sidebar",
			// https://vitepress.dev/reference/default-theme-sidebar; a
			// 1.6.4 build of TestVitePressTopNavNoSidebar's fixture has no
			// <aside class="VPSidebar">): the top bar's entries once, no
			// page tree after them (eval11B NB9, UMARU-xiaomai/UNTiTlED-wiki
			// showed the same pages twice).
			name:  "top nav without sidebar",
			files: with(map[string]string{".vitepress/config.js": `export default {themeConfig: {nav: [{text: 'Config', link: '/config/'}]}}`}),
			got:   navAll,
			want:  "0:config/index.md:Config |true",
		},
		{
			// A sidebar that is computed is shown by VitePress but not
			// read here: the page tree stands for it after the top bar.
			name:  "top nav, computed sidebar",
			files: with(map[string]string{".vitepress/config.js": `export default {themeConfig: {nav: [{text: 'Config', link: '/config/'}], sidebar: makeSidebar()}}`}),
			got:   navAll,
			want:  "0:config/index.md:Config --- tree:. |true",
		},
		{
			name:  "computed nav",
			files: with(map[string]string{".vitepress/config.js": "export default {themeConfig: {nav: makeNav()}}"}),
			got:   func(l *layout.Layout) string { return strings.Join(l.Notes, "|") + "|" + navAll(l) },
			want:  ".vitepress/config.js: themeConfig.nav: makeNav() (line 1) not read (computed): the top bar's links are not in the navigation||false",
		},
		{
			name:  "computed sidebar",
			files: with(map[string]string{".vitepress/config.js": "export default {themeConfig: {sidebar: generateSidebar()}}"}),
			got:   func(l *layout.Layout) string { return strings.Join(l.Notes, "|") },
			want:  ".vitepress/config.js: themeConfig.sidebar: generateSidebar() (line 1) not read (computed): the default is used",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, tt.files))
			if err != nil || l == nil {
				t.Fatalf("Recognise = %v, %v", l, err)
			}
			if got := tt.got(l); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestSettingsRefused: .vitepress/config.* is read through
// layout.ReadSetting, and srcDir and its public/ are checked by
// layout.Layout.Folder (issue 31, items 1-3): a config that links out of
// the source is refused unread; a srcDir that is hidden, outside or
// reached through a link out, and a public/ that is a link out, are errors
// at srcDir's line and column.
func TestSettingsRefused(t *testing.T) {
	const secret = "AKIASECRET123"
	out := layouttest.Write(t, map[string]string{"config.mts": "export default {title: '" + secret + "'}\n", "files/a.png": ""})
	cfg := "import { defineConfig } from 'vitepress'\nexport default defineConfig({\n  title: 'T',\n  srcDir: %s,\n})\n"
	tests := []struct {
		name  string
		files map[string]string
		links map[string]string // path -> target; "OUT/" starts a path in a folder outside the source
		err   string
	}{
		{"config linked out", map[string]string{"index.md": "", ".vitepress/": ""}, map[string]string{".vitepress/config.mts": "OUT/config.mts"},
			".vitepress/config.mts: symbolic link to OUT/config.mts, outside the site folder: sitegen reads settings only from files inside it"},
		{"srcDir .git", map[string]string{".vitepress/config.mts": fmt.Sprintf(cfg, "'.git'")}, nil,
			`.vitepress/config.mts:4:3: srcDir: ".git" is a hidden name: sitegen never publishes hidden files or folders`},
		{"srcDir outside", map[string]string{"docs/.vitepress/config.mts": fmt.Sprintf(cfg, "'../../x'")}, nil,
			`docs/.vitepress/config.mts:4:3: srcDir: "../x" is outside the site folder`},
		{"srcDir linked out", map[string]string{".vitepress/config.mts": fmt.Sprintf(cfg, "'./src'")}, map[string]string{"src": "OUT/files"},
			`.vitepress/config.mts:4:3: srcDir: "src": symbolic link to OUT/files, outside the site folder`},
		{"public linked out", map[string]string{".vitepress/config.mts": fmt.Sprintf(cfg, "'src'"), "src/index.md": ""}, map[string]string{"src/public": "OUT/files"},
			`.vitepress/config.mts:4:3: srcDir: "src/public": symbolic link to OUT/files, outside the site folder`},
		{"public linked out, no srcDir", map[string]string{".vitepress/config.mts": "export default {}\n", "index.md": ""}, map[string]string{"public": "OUT/files"},
			`.vitepress/config.mts: "public": symbolic link to OUT/files, outside the site folder`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := layouttest.Write(t, tt.files)
			layouttest.Link(t, dir, out, tt.links)
			l, err := Recognise(dir)
			want := strings.ReplaceAll(tt.err, "OUT/", out+"/")
			var ce *layout.ConfigError
			if !errors.As(err, &ce) || !strings.HasPrefix(err.Error(), want) {
				t.Fatalf("Recognise = %v, %v; want %s…", l, err, want)
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("the error quotes the file: %v", err)
			}
		})
	}
}

// TestHome: https://vitepress.dev/reference/default-theme-home-page: "You may
// use it on any of your pages by specifying layout: home in the
// frontmatter", with hero (name, text, tagline, actions) and features.
func TestHome(t *testing.T) {
	fm := map[string]any{"layout": "home",
		"hero": map[string]any{"name": "VitePress", "text": "Vite & Vue", "tagline": "Lorem",
			"actions": []any{map[string]any{"theme": "brand", "text": "Get Started", "link": "/guide/"},
				map[string]any{"theme": "alt", "text": "GitHub", "link": "https://x.test"}}},
		"features": []any{map[string]any{"icon": "🛠️", "title": "Simple", "details": "Lorem", "link": "/a", "linkText": "More"},
			map[string]any{"icon": map[string]any{"src": "/i.svg"}, "title": "Image icon", "details": "d"}}}
	h := rules{}.Page("index.md", fm).Home
	got := fmt.Sprintf("%+v", *h)
	want := "{Name:VitePress Text:Vite & Vue Tagline:Lorem Actions:[{Text:Get Started Link:/guide/ Alt:false} {Text:GitHub Link:https://x.test Alt:true}] " +
		"Features:[{Icon:🛠️ Title:Simple Details:Lorem Link:/a LinkText:More} {Icon: Title:Image icon Details:d Link: LinkText:}] Image:{File: Dark: Light: Alt:}}"
	if got != want {
		t.Errorf("home\n got %s\nwant %s", got, want)
	}
	// "image?: ThemeableImage", where "type ThemeableImage = | string |
	// { src: string; alt?: string } | { light: string; dark: string;
	// alt?: string }" (https://vitepress.dev/reference/default-theme-home-page).
	for _, tc := range []struct {
		image any
		want  layout.HomeImage
	}{
		{"/logo.png", layout.HomeImage{File: "/logo.png"}},
		{map[string]any{"src": "/logo.png", "alt": "VitePress"}, layout.HomeImage{File: "/logo.png", Alt: "VitePress"}},
		{map[string]any{"light": "/l.svg", "dark": "/d.svg", "alt": "Logo"}, layout.HomeImage{Light: "/l.svg", Dark: "/d.svg", Alt: "Logo"}},
		{42, layout.HomeImage{}},
	} {
		fm := map[string]any{"layout": "home", "hero": map[string]any{"name": "N", "image": tc.image}}
		if got := (rules{}).Page("index.md", fm).Home.Image; got != tc.want {
			t.Errorf("hero.image %v: got %+v, want %+v", tc.image, got, tc.want)
		}
	}
	if rules.Page(rules{}, "index.md", map[string]any{"title": "x"}).Home != nil {
		t.Error("a page without layout: home has a hero")
	}
}

// TestWikiLinksPlugin: VitePress has no wikilinks of its own (its
// Markdown extensions, https://vitepress.dev/guide/markdown, list none),
// so [[x]] is text unless markdown.config registers a markdown-it plugin
// that reads it ("markdown.config: (md) => { md.use(...) }",
// https://vitepress.dev/guide/markdown#advanced-configuration): then the
// plugin's options are read from the file's text.
func TestWikiLinksPlugin(t *testing.T) {
	for _, tc := range []struct {
		name, config string
		want         *layout.WikiLinks // nil: no plugin
	}{
		{"none", "export default {title: 'T'}\n", nil},
		{"installed, not used", "import wl from 'markdown-it-wikilinks'\nexport default {title: 'T'}\n", nil},
		{"require, options", "const base = '/jdr/'\nexport default defineConfig({base, markdown: {config: (md) => {\n  md.use(require('markdown-it-wikilinks')({\n    baseURL: base,\n    uriSuffix: '',\n    postProcessPageName: custom,\n  }))\n}}})\nfunction custom(s) { return s.replaceAll(' ', '-') }\n",
			&layout.WikiLinks{BaseURL: "/jdr/", RelativeBaseURL: "./", CustomNames: true}},
		{"import, defaults", "import wikilinks from 'markdown-it-wikilinks'\nexport default {markdown: {config(md) { md.use(wikilinks()) }}}\n",
			&layout.WikiLinks{BaseURL: "/", RelativeBaseURL: "./", Suffix: ".html"}},
		{"import, makeAllLinksAbsolute", "import wikilinks from 'markdown-it-wikilinks'\nexport default {markdown: {config: md => md.use(wikilinks({makeAllLinksAbsolute: true, relativeBaseURL: '/x/'}))}}\n",
			&layout.WikiLinks{BaseURL: "/", RelativeBaseURL: "/x/", Suffix: ".html", AllAbsolute: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, map[string]string{".vitepress/config.mts": tc.config, "index.md": "# Home\n"}))
			if err != nil || l == nil {
				t.Fatalf("Recognise = %v, %v", l, err)
			}
			if !l.Markup.NoObsidian {
				t.Error("VitePress reads Obsidian's syntax")
			}
			got := l.Markup.WikiLinks
			if (got == nil) != (tc.want == nil) {
				t.Fatalf("WikiLinks = %+v, want %+v", got, tc.want)
			}
			if got == nil {
				return
			}
			got.Plugin = ""
			if *got != *tc.want {
				t.Errorf("WikiLinks = %+v, want %+v", *got, *tc.want)
			}
		})
	}
}

// TestPageURLs: "The generated HTML pages will be: index.md -->
// /index.html (accessible as /), prologue.md --> /prologue.html,
// guide/index.md --> /guide/index.html (accessible as /guide/),
// guide/getting-started.md --> /guide/getting-started.html"
// (https://vitepress.dev/guide/routing#file-based-routing); "By default,
// VitePress resolves inbound links to URLs ending with .html", and with
// cleanUrls: true without it, which needs a server that serves /foo for
// /foo.html (https://vitepress.dev/guide/routing#generating-clean-url):
// sitegen then publishes /foo/, which such servers and every other serve.
func TestPageURLs(t *testing.T) {
	for _, tc := range []struct {
		config string
		want   map[string]string
	}{
		{"export default {title: 'T'}\n", map[string]string{"index.md": "/", "prologue.md": "/prologue.html",
			"guide/index.md": "/guide/", "guide/getting-started.md": "/guide/getting-started.html"}},
		{"export default {cleanUrls: false}\n", map[string]string{"prologue.md": "/prologue.html"}},
		{"export default {cleanUrls: true}\n", map[string]string{"index.md": "/", "prologue.md": "/prologue/",
			"guide/index.md": "/guide/", "guide/getting-started.md": "/guide/getting-started/"}},
		{"export default defineConfig(config)\n", map[string]string{"prologue.md": "/prologue.html"}}, // computed: the default
	} {
		l, err := Recognise(layouttest.Write(t, map[string]string{".vitepress/config.mts": tc.config}))
		if err != nil || l == nil {
			t.Fatalf("Recognise = %v, %v", l, err)
		}
		for rel, want := range tc.want {
			if got := l.Rules.Page(rel, nil).URL; got != want {
				t.Errorf("%s: %s is at %s, want %s", tc.config, rel, got, want)
			}
		}
	}
}

// TestNavLinksElsewhere is eval24B (ZhanFr/eneride-rules,
// 2154355737/TrxxWiki): a nav or sidebar item whose link is another
// site's ({ text: 'GitHub', link: 'https://…' }) is shown by VitePress as
// a link out ("link: string", with optional target and rel,
// https://vitepress.dev/reference/default-theme-nav#navigation-links;
// "You may also use external links",
// https://vitepress.dev/reference/default-theme-sidebar); sitegen left it
// out. An item whose link names no page of the site (eneride's
// { text: 'Univers', link: '/universe' }) VitePress shows as a link to its
// 404 page; so does sitegen now, with a note (TestLinkToNoPage).
func TestNavLinksElsewhere(t *testing.T) {
	cfg := `export default {
  themeConfig: {
    nav: [
      { text: 'Rules', link: '/guide/' },
      { text: 'Univers', link: '/universe' },
      { text: 'Forum', link: 'https://forum.example/x', target: '_self' },
    ],
    sidebar: [
      { text: 'Guide', items: [
        { text: 'One', link: '/guide/one' },
        { text: 'Source', link: 'https://github.com/o/r' },
      ] },
    ],
  },
}
`
	l, err := Recognise(layouttest.Write(t, map[string]string{
		".vitepress/config.mts": cfg, "index.md": "", "guide/index.md": "", "guide/one.md": "",
	}))
	if err != nil || l == nil {
		t.Fatalf("Recognise = %v, %v", l, err)
	}
	var got []string
	for _, e := range l.Nav {
		got = append(got, fmt.Sprintf("%s|%s|%s|%s|%d", e.Title, e.Path, e.Link, e.Target, e.Depth))
	}
	want := []string{
		"Rules|guide/index.md|||0",
		"Univers||/universe.html||0",
		"Forum||https://forum.example/x|_self|0",
		"||||0", // the separator between the top bar and the sidebar
		"Guide||||0",
		"One|guide/one.md|||1",
		"Source||https://github.com/o/r||1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("nav:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	notes := strings.Join(l.Notes, "\n")
	if !strings.Contains(notes, `"/universe"`) || !strings.Contains(notes, "Univers") {
		t.Errorf("notes = %q, want one naming Univers's link /universe, left out", l.Notes)
	}
}

// TestLinkToNoPage: a sidebar or nav link to a site path where no page
// is stays in the navigation, linked as VitePress's VPLink writes it
// (normalizeLink: ".md" or nothing made ".html", nothing with cleanUrls;
// a file that is no page as written), which the server answers with the
// 404 page, and a note says so; the pager counts it ("generated from the
// sidebar", https://vitepress.dev/reference/default-theme-prev-next-links).
// Measured with VitePress 1.6.4: {text: 'Missing', link: '/missing'} is
// <a href="/missing.html"> in the sidebar and the previous page's next
// link; {text: 'Gone', link: '/gone'} in themeConfig.nav is <a
// href="/gone.html">. A link not from the root ("guide/x"), which the
// browser reads from the page shown, is still left out.
func TestLinkToNoPage(t *testing.T) {
	files := func(clean string) map[string]string {
		return map[string]string{
			".vitepress/config.js": `export default {` + clean + `themeConfig: {
				nav: [{text: 'Gone', link: '/gone'}, {text: 'One', link: '/guide/one'}],
				sidebar: [{text: 'Rules', items: [{text: 'One', link: '/guide/one'}, {text: 'Missing', link: '/missing'},
				  {text: 'Old', link: '/old.md#part'}, {text: 'Rel', link: 'guide/nothing'}, {text: 'Two', link: '/guide/two'}]}]}}`,
			"index.md": "# Home\n", "guide/one.md": "# One\n", "guide/two.md": "# Two\n",
		}
	}
	got := func(l *layout.Layout) string {
		var b strings.Builder
		for _, e := range l.Nav {
			if e.Separator {
				b.WriteString("--- ")
				continue
			}
			fmt.Fprintf(&b, "%s:%s:%s:%v ", e.Path, e.Link, e.Title, e.LinkAsWritten)
		}
		fmt.Fprintf(&b, "|%d notes", len(l.Notes))
		return b.String()
	}
	for _, tc := range []struct{ name, clean, want string }{
		{"html", "", ":/gone.html:Gone:false guide/one.md::One:false --- ::Rules:false guide/one.md::One:false :/missing.html:Missing:false :/old.html#part:Old:false guide/two.md::Two:false |4 notes"},
		{"cleanUrls", "cleanUrls: true, ", ":/gone:Gone:false guide/one.md::One:false --- ::Rules:false guide/one.md::One:false :/missing:Missing:false :/old#part:Old:false guide/two.md::Two:false |4 notes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Recognise(layouttest.Write(t, files(tc.clean)))
			if err != nil {
				t.Fatal(err)
			}
			if g := got(l); g != tc.want {
				t.Errorf("got  %s\nwant %s\nnotes %q", g, tc.want, l.Notes)
			}
		})
	}
}
