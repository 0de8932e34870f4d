package starlight

import (
	"fmt"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestSlug: "Use sub-folders to organize your files and to create multiple
// path segments" (https://starlight.astro.build/guides/pages/); each
// segment is slugged by github-slugger, as Astro 5 with Starlight 0.36
// publishes "rules/1.2 Odd.md" at /rules/12-odd/ and "Getting Started.md"
// at /getting-started/ (TestStarlight in package conformance builds both).
func TestSlug(t *testing.T) {
	for rel, want := range map[string]string{
		"index.mdx": "", "Getting Started.md": "getting-started", "rules/1.2 Odd.md": "rules/12-odd",
		"guide/index.md": "guide", "Magic Lore/spell.md": "magic-lore/spell", "rules/Magic Items.mdx": "rules/magic-items",
	} {
		if got := Slug(rel); got != want {
			t.Errorf("Slug(%q) = %q, want %q", rel, got, want)
		}
	}
}

func config(starlight string) string {
	return "import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\n\n" +
		"export default defineConfig({\n  site: 'https://rules.example.org',\n  integrations: [starlight(" + starlight + ")],\n});\n"
}

func TestRecognise(t *testing.T) {
	page := map[string]string{"src/content/docs/index.md": "---\ntitle: Home\n---\n", "src/content/docs/Rules/combat.md": "---\ntitle: Combat\n---\n"}
	with := func(files map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range page {
			out[k] = v
		}
		for k, v := range files {
			out[k] = v
		}
		return out
	}
	nav := func(l *layout.Layout) string {
		var b strings.Builder
		for _, e := range l.Nav {
			fmt.Fprintf(&b, "%d:%s%s:%s ", e.Depth, e.ID, e.Tree, e.Title)
		}
		return b.String()
	}
	tests := []struct {
		name  string
		files map[string]string
		got   func(l *layout.Layout) string
		want  string
	}{
		// "By default, Astro removes a trailing - from the end of IDs it
		// generates for headings ending with special characters" unless
		// experimental.headingIdCompat (docs.astro.build/en/reference/
		// experimental-flags/heading-id-compat/; rehype-collect-headings.js
		// in Astro 5.18: "if (slug.endsWith('-')) slug = slug.slice(0,
		// -1)"). zadeviggers/mc-java-command-docs: "### `minecraft:damage`
		// <Badge … />" is #minecraftdamage, as its links say.
		{
			name:  "heading ids without a trailing hyphen",
			files: with(map[string]string{"astro.config.mjs": config("{ title: 'Six Dice' }")}),
			got: func(l *layout.Layout) string {
				return l.Markup.Slug("`<Picture />`") + "|" + l.Markup.Slug("minecraft:damage ") + "|" + l.Markup.Slug("Combat rules")
			},
			want: "picture|minecraftdamage|combat-rules",
		},
		{
			name: "heading ids with headingIdCompat",
			files: with(map[string]string{"astro.config.mjs": "import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\n\n" +
				"export default defineConfig({\n  experimental: { headingIdCompat: true },\n  integrations: [starlight({ title: 'Six Dice' })],\n});\n"}),
			got: func(l *layout.Layout) string {
				return l.Markup.Slug("`<Picture />`") + "|" + l.Markup.Slug("minecraft:damage ") + "|" + l.Markup.Slug("Combat rules")
			},
			want: "picture-|minecraftdamage-|combat-rules",
		},
		{
			name:  "title and site",
			files: with(map[string]string{"astro.config.mjs": config("{ title: 'Six Dice' }")}),
			got: func(l *layout.Layout) string {
				return l.Kind + "|" + l.Content + "|" + l.Settings.Title + "|" + l.Settings.BaseURL
			},
			want: "Starlight site|src/content/docs|Six Dice|https://rules.example.org/",
		},
		{
			// "title: string | Record<string, string>: ... you can provide
			// an object with a key for each locale"
			// (https://starlight.astro.build/reference/configuration/#title).
			name:  "title per locale",
			files: with(map[string]string{"astro.config.ts": config("{ title: { en: 'Six Dice', fr: 'Six Dés' }, defaultLocale: 'fr' }")}),
			got:   func(l *layout.Layout) string { return l.Settings.Title },
			want:  "Six Dés",
		},
		{
			name: "sidebar",
			files: with(map[string]string{"astro.config.mjs": config(`{ title: 'T', sidebar: [
  'rules/combat',
  { label: 'Start', slug: 'index' },
  { label: 'Shop', link: '/shop/' },
  { label: 'NASA', link: 'https://www.nasa.gov/' },
  { label: 'Group', collapsed: true, items: [{ slug: 'rules/combat' }] },
  { label: 'All rules', autogenerate: { directory: 'rules' } },
  { label: 'Nothing', autogenerate: { directory: 'nowhere' } },
] }`)}),
			got: func(l *layout.Layout) string {
				return nav(l) + fmt.Sprint(l.NavAsWritten, len(l.Notes))
			},
			// The folder "Rules" is autogenerate's "rules" (its slug); the
			// external link is shown ("Use the link property to link to
			// any URL, such as an external website",
			// https://starlight.astro.build/guides/sidebar/#links), the
			// unknown folder is a note.
			want: "0:rules/combat: 0::Start 0:shop:Shop 0::NASA 0::Group 1:rules/combat: 0::All rules 1:Rules: true 1",
		},
		{
			// "pagination: boolean (default: true): Define if the footer
			// should include previous and next page links"
			// (https://starlight.astro.build/reference/configuration/#pagination):
			// false hides them where the page's prev/next do not ask for
			// one (applyPrevNextLinkConfig: "return paginationEnabled ?
			// link : undefined" last). Found on
			// FearlessNite345/denalistaterp-docs.
			name:  "pagination false",
			files: with(map[string]string{"astro.config.mjs": config(`{ title: 'T', pagination: false }`)}),
			got: func(l *layout.Layout) string {
				var out []string
				for _, meta := range []map[string]any{nil, {"prev": true, "next": "Onward"}, {"prev": false}} {
					p, n := l.Pager(meta)
					out = append(out, fmt.Sprintf("%v/%v", p.Hide, n.Hide))
				}
				return strings.Join(out, " ")
			},
			want: "true/true false/false true/true",
		},
		{
			// "index" names the home page: "Astro passes root
			// `index.[md|mdx]` entries with a slug of `index`" (const slug
			// = item.slug === 'index' ? '' : item.slug,
			// linkFromInternalSidebarLinkItem, utils/navigation.ts 0.36.3),
			// as a bare string or a slug: DH-Forge/system's "Start Here"
			// group lists it, and sitegen warned "no doc has" id "index".
			name: "index names the home page",
			files: with(map[string]string{"astro.config.mjs": config(`{ title: 'T', sidebar: [
  { label: 'Start', items: ['index', { label: 'Welcome', slug: 'index' }] },
] }`)}),
			got: func(l *layout.Layout) string {
				var b strings.Builder
				for _, e := range l.Nav {
					fmt.Fprintf(&b, "%d:%s|%s:%s ", e.Depth, e.Path, e.ID, e.Title)
				}
				return b.String() + fmt.Sprint(len(l.Notes))
			},
			want: "0:|:Start 1:index.md|: 1:index.md|:Welcome 0",
		},
		{
			// A link that is not http(s) is a path of the site, written
			// with or without its leading "/": "if (!isAbsolute(href)) {
			// href = ensureLeadingSlash(href)" (0.36.3's utils/navigation.ts
			// linkFromSidebarLinkItem; isAbsolute: /^https?:\/\//). Found on
			// FearlessNite345/denalistaterp-docs, whose every link is
			// written "docs/sops/leo": its sidebar was empty groups.
			name: "link without a leading slash",
			files: with(map[string]string{"astro.config.mjs": config(`{ title: 'T', sidebar: [
  { label: 'Combat', link: 'rules/combat' },
  { label: 'Mail', link: 'mailto:gm@example.org' },
] }`)}),
			got:  func(l *layout.Layout) string { return nav(l) + fmt.Sprint(len(l.Notes)) },
			want: "0:rules/combat:Combat 0::Mail 0",
		},
		{
			// "locales: { [dir: string]: LocaleConfig }": Starlight's i18n
			// without a root locale whose default locale has no folder is
			// not implemented; a note says so (TestLocales: with a root
			// locale, TestNoRootLocale: with the default's folder). One
			// locale is no i18n.
			name:  "locales without root, no folder of the default",
			files: with(map[string]string{"astro.config.mjs": config("{ title: 'T', defaultLocale: 'en', locales: { en: { label: 'English' }, fr: { label: 'Français' } } }")}),
			got:   func(l *layout.Layout) string { return strings.Join(l.Notes, "|") + fmt.Sprint(len(l.Locales)) },
			want:  "astro.config.mjs: locales (en, fr) without a root locale and without a folder src/content/docs/en of defaultLocale \"en\": not implemented: each locale's folder is built as a folder of one site, without Starlight's fallback pages or language picker0",
		},
		{
			name:  "one locale",
			files: with(map[string]string{"astro.config.mjs": config("{ title: 'T', locales: { root: { label: 'English', lang: 'en' } } }")}),
			got:   func(l *layout.Layout) string { return fmt.Sprint(len(l.Notes)) },
			want:  "0",
		},
		{
			name:  "another Astro site",
			files: with(map[string]string{"astro.config.mjs": "import { defineConfig } from 'astro/config';\nexport default defineConfig({});\n"}),
			got:   func(l *layout.Layout) string { return fmt.Sprint(l == nil) },
			want:  "true",
		},
		{
			// eval12C NC2 (Spronghi/dnd-witchlight-campaign): Starlight
			// reads the value Node computes. "If the environment variable
			// is not set, the property is undefined"
			// (https://nodejs.org/api/process.html#processenv): a ternary
			// on process.env.MODE is its else branch and a .filter on a
			// literal array keeps what its predicate keeps, as `astro
			// build` run without MODE; one note names the variables read
			// unset.
			name: "computed title and sidebar",
			files: with(map[string]string{"astro.config.mjs": "import starlight from '@astrojs/starlight';\n" +
				"const sidebar = [\n  { label: 'Home', link: '/' },\n  { label: 'Players', link: '/p/' },\n].filter((s) => {\n  if (process.env.MODE === 'players' && s.label === 'Players') {\n    return false;\n  }\n  return true;\n});\n" +
				"const title = process.env.MODE === 'players' ? 'Players' : 'DM';\n" +
				"export default { integrations: [starlight({ title, sidebar })] };\n"}),
			got: func(l *layout.Layout) string {
				var labels []string
				for _, n := range l.Nav {
					labels = append(labels, n.Title)
				}
				return l.Settings.Title + " " + strings.Join(labels, ",") + " " + strings.Join(l.Notes, "|")
			},
			want: "DM Home,Players astro.config.mjs:6: process.env.MODE is read unset, as `astro build` run without it sees it",
		},
		{
			// What is not evaluable stays one warning at its line naming
			// the expression and what sitegen uses instead.
			name: "computed title and sidebar not evaluable",
			files: with(map[string]string{"astro.config.mjs": "import starlight from '@astrojs/starlight';\n" +
				"const sidebar = [\n  { label: 'Home', link: '/' },\n].filter((s) => keep(s));\n" +
				"const title = mode() === 'players' ? 'Players' : 'DM';\n" +
				"export default { integrations: [starlight({ title, sidebar })] };\n"}),
			got: func(l *layout.Layout) string { return strings.Join(l.Notes, "|") },
			want: `astro.config.mjs:5: title: mode() === 'players' ? 'Players' : 'DM' is computed (sitegen runs no Node): sitegen titles the site with the source folder's name|` +
				`astro.config.mjs:2: sidebar: [ { label: 'Home', link: '/' }, ].filter((s) => keep(s)) is computed (sitegen runs no Node): sitegen shows the sidebar Starlight generates by default (a group per folder of src/content/docs)`,
		},
		{
			// Astro's base: "The base path to deploy to. Astro will use this
			// path as the root for your pages and assets" and "all of your
			// static asset imports and URLs should add the base as a prefix"
			// (https://docs.astro.build/en/reference/configuration-reference/#base):
			// a link written with it is the page under it.
			name: "base read for links",
			files: with(map[string]string{"astro.config.mjs": "import starlight from '@astrojs/starlight';\nconst basePath = 'tea';\n" +
				"export default { site: 'https://x.github.io', base: `/${basePath}`, integrations: [starlight({ title: 'T' })] };\n"}),
			got:  func(l *layout.Layout) string { return l.Settings.BaseURL + " " + l.LinkBase },
			want: "https://x.github.io/tea /tea/",
		},
		{
			// Head.astro's <title>: "{title} | {site title}" on every page,
			// the home page's too (measured: "Welcome home | Rules",
			// "Accueil | Rules" on /fr/), each locale's in its title.
			name: "document title",
			files: with(map[string]string{"astro.config.mjs": config("{ title: { en: 'Dice', fr: 'Dés' }, locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } } }"),
				"src/content/docs/fr/index.md": "---\ntitle: Accueil\n---\n"}),
			got: func(l *layout.Layout) string {
				out := *l.TitleSuffix
				for _, loc := range l.Locales {
					if loc.Layout != nil {
						out += "," + *loc.Layout.TitleSuffix
					}
				}
				return out
			},
			want: " | Dice, | Dés",
		},
		{
			// A site whose URL holds the base already (mizunomu1v1/
			// dicey-dungeons-fun: site 'https://…/dicey-dungeons-fun/',
			// base '/dicey-dungeons-fun/'): Astro resolves base against
			// site (new URL(base, site)), so the path is once.
			name: "site holding the base",
			files: with(map[string]string{"astro.config.mjs": "import starlight from '@astrojs/starlight';\n" +
				"export default { site: 'https://x.github.io/tea/', base: '/tea/', integrations: [starlight({ title: 'T' })] };\n"}),
			got:  func(l *layout.Layout) string { return l.Settings.BaseURL + " " + l.LinkBase },
			want: "https://x.github.io/tea /tea/",
		},
		{
			// "By default, Starlight will automatically generate a sidebar
			// based on the filesystem structure of your docs"
			// (https://starlight.astro.build/guides/sidebar/): every page,
			// the root's index.md too (navigation.ts treeify takes all the
			// locale's routes); a sidebar given lists only what it names.
			name:  "home in the autogenerated sidebar",
			files: with(map[string]string{"astro.config.mjs": config("{ title: 'T' }")}),
			got:   func(l *layout.Layout) string { return fmt.Sprint(l.HomeInNav) },
			want:  "true",
		},
		{
			// Starlight 0.41's sidebar guide, "Autogenerated links": "items:
			// [{ autogenerate: { directory: 'constellations' } }]" gives the
			// group "Constellations" the folder's links themselves
			// (navigation.ts entriesFromAutogenerateConfig, flatMap'd into
			// the group's entries): no group of its own without a label.
			name:  "autogenerated links without a label",
			files: with(map[string]string{"astro.config.mjs": config("{ title: 'T', sidebar: [{ label: 'Current', items: [{ autogenerate: { directory: 'rules' } }] }, { label: 'Old', autogenerate: { directory: 'rules' } }] }")}),
			got:   nav,
			want:  "0::Current 1:Rules: 0::Old 1:Rules: ",
		},
		{
			// A label Node builds from what sitegen does not read: its text
			// without it, and a note at its line.
			name: "computed label",
			files: with(map[string]string{"astro.config.mjs": "import starlight from '@astrojs/starlight';\nconst version = process.env.npm_package_version;\n" +
				"export default { integrations: [starlight({ title: 'T', sidebar: [{ label: `Rules v${version}`, autogenerate: { directory: 'rules' } }] })] };\n"}),
			got:  func(l *layout.Layout) string { return nav(l) + strings.Join(l.Notes, "|") },
			want: "0::Rules v 1:Rules: astro.config.mjs:3: sidebar label `Rules v${version}` is computed (sitegen runs no Node): shown as \"Rules v\"",
		},
		{
			name:  "home not in a sidebar given",
			files: with(map[string]string{"astro.config.mjs": config("{ title: 'T', sidebar: [{ label: 'Rules', autogenerate: { directory: 'rules' } }] }")}),
			got:   func(l *layout.Layout) string { return fmt.Sprint(l.HomeInNav) },
			want:  "false",
		},
		{
			name:  "computed settings",
			files: with(map[string]string{"astro.config.mjs": config("options")}),
			got:   func(l *layout.Layout) string { return fmt.Sprint(l.Settings.Title == "", len(l.Notes)) },
			want:  "true 1",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := layouttest.Write(t, tt.files)
			l, err := Recognise(dir)
			if err != nil {
				t.Fatal(err)
			}
			if got := tt.got(l); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestPage: the front matter's slug ("Overrides the slug of the page"),
// sidebar.label and sidebar.order ("Lower numbers are displayed higher
// up"), draft and sidebar.hidden
// (https://starlight.astro.build/reference/frontmatter/).
func TestPage(t *testing.T) {
	r := rules{}
	p := r.Page("rules/Magic Items.md", map[string]any{"slug": "/items/all/", "sidebar": map[string]any{"label": "Items", "order": 1}})
	if got := fmt.Sprintf("%s|%s|%v %v", p.URL, p.NavLabel, p.Position, p.HasPosition); got != "/items/all/|Items|1 true" {
		t.Errorf("page: %s", got)
	}
	// A folder sorts by its slug, as its pages by theirs: "If two pages
	// have the same order value they will be sorted by their slug"
	// (utils/navigation.ts sortDirEntries compares a directory's slug
	// key with a page's slug, 0.36.3), so a folder's index page, whose
	// slug is the folder's, comes before the folder's subfolders
	// (TestStarlightAutogenerateOwnPage).
	f, _ := r.Folder("Magic Lore")
	if got := fmt.Sprintf("%s|%s|%s|%v", f.URL, f.NavLabel, f.SortName, f.NoPage); got != "/magic-lore/|Magic Lore|magic-lore|true" {
		t.Errorf("folder: %s", got)
	}
	if got := unpublished(map[string]any{"draft": true}, ""); got != DraftReason {
		t.Errorf("draft: %q", got)
	}
	if got := unlisted(map[string]any{"sidebar": map[string]any{"hidden": true}}, ""); got != HiddenReason {
		t.Errorf("hidden: %q", got)
	}
}

// TestBadges: "Links, groups, and autogenerated groups can also include a
// badge property to display a badge next to their label" ... "badge:
// 'New'" ... "badge: { text: 'Experimental', variant: 'caution' }" with
// "variant: 'note' | 'danger' | 'success' | 'caution' | 'tip' |
// 'default'" (https://starlight.astro.build/guides/sidebar/#badges); a
// {slug} item without one shows its page's front matter sidebar.badge
// ("const badge = item.badge ?? frontmatter.sidebar?.badge",
// linkFromInternalSidebarLinkItem, Starlight 0.36.3), a {link} item its
// own alone; a badge text per language: the locale's, else the default
// language's (#internationalization-with-badges).
func TestBadges(t *testing.T) {
	files := map[string]string{
		"astro.config.mjs": config(`{ title: 'Rules', sidebar: [
			{ label: 'Start', slug: 'start', badge: 'New' },
			{ slug: 'combat' },
			{ label: 'Forum', link: 'https://forum.example', badge: { text: 'Beta', variant: 'caution' } },
			{ label: 'Magic', link: '/magic/', badge: { text: { en: 'Soon', fr: 'Bientôt' }, variant: 'tip' } },
			{ label: 'Odd', link: '/odd/', badge: { text: 'X', variant: 'purple' } },
			{ label: 'Lore', badge: { text: 'WIP', variant: 'danger' }, autogenerate: { directory: 'lore' } },
			{ label: 'Group', badge: 'G', items: [{ slug: 'lore/a' }] },
		] }`),
		"src/content/docs/index.md":  "---\ntitle: Home\n---\n",
		"src/content/docs/start.md":  "---\ntitle: Start\n---\n",
		"src/content/docs/combat.md": "---\ntitle: Combat\n---\n",
		"src/content/docs/magic.md":  "---\ntitle: Magic\n---\n",
		"src/content/docs/odd.md":    "---\ntitle: Odd\n---\n",
		"src/content/docs/lore/a.md": "---\ntitle: A\n---\n",
	}
	l, err := Recognise(layouttest.Write(t, files))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, e := range l.Nav {
		fmt.Fprintf(&b, "%s%s%s:%s/%s:%v ", e.ID, e.Link, e.Tree, e.Badge.Text, e.Badge.Variant, e.PageBadgeOff)
	}
	want := "start:New/default:false combat:/:false https://forum.example:Beta/caution:false magic:Soon/tip:true odd:X/default:true " +
		":WIP/danger:false lore:/:false :G/default:false lore/a:/:false "
	if g := b.String(); g != want {
		t.Errorf("got  %s\nwant %s", g, want)
	}
	// "sidebar.badge: Add a badge to the page in the sidebar when it is
	// displayed in an autogenerated sidebar group ... a string, or an
	// object with text and variant" (reference/frontmatter/#badge).
	for _, tc := range []struct {
		meta map[string]any
		want layout.Badge
	}{
		{map[string]any{"sidebar": map[string]any{"badge": "New"}}, layout.Badge{Text: "New", Variant: "default"}},
		{map[string]any{"sidebar": map[string]any{"badge": map[string]any{"text": "Old", "variant": "danger"}}}, layout.Badge{Text: "Old", Variant: "danger"}},
		{map[string]any{"sidebar": map[string]any{"label": "x"}}, layout.Badge{}},
		{nil, layout.Badge{}},
	} {
		if got := l.NavBadge(tc.meta); got != tc.want {
			t.Errorf("NavBadge(%v) = %+v, want %+v", tc.meta, got, tc.want)
		}
	}
}
