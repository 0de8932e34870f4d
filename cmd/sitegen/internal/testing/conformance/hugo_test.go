package conformance

import (
	"fmt"
	"strings"
	"testing"
)

// sitegenWithoutTaxonomies reads sitegen's build as Hugo's is read: the
// Hugo tool builds the fixtures without taxonomy and term pages
// (--disableKinds taxonomy,term), so sitegen's /tags/ and /categories/
// pages, a language's /fr/tags/ too (the lists of terms hugo writes even
// when no page has one) are left out of the comparison; site's
// TestTagsPerTool and TestHugoTaxonomies check them against hugo 0.111.
var sitegenWithoutTaxonomies = func() Tool {
	t, m := Sitegen, sitegenMarkup
	skip := m.Skip
	m.Skip = func(rel string) bool {
		segs := strings.SplitN(rel, "/", 3) // tags/… or a language's fr/tags/…
		tax := func(s string) bool { return s == "tags" || s == "categories" }
		return skip(rel) || tax(segs[0]) || len(segs) > 2 && tax(segs[1])
	}
	t.Read = func(dest string) (Site, error) { return ReadOutput(dest, m) }
	return t
}()

// TestHugo builds fixtures with Hugo and sitegen, one per documented rule
// of https://gohugo.io/content-management/, and compares what a reader
// sees (package comment). Hugo 0.111 (Debian's) is enough; CI installs it.
func TestHugo(t *testing.T) {
	const config = "title = \"H\"\nbaseURL = \"https://h.test/\"\n"
	for _, f := range []Fixture{
		{
			Name: "uglyURLs",
			Rule: `"uglyURLs: When enabled, creates URL of the form /filename.html instead of /filename/" ` +
				`(https://gohugo.io/getting-started/configuration/#uglyurls); "With ugly URLs: https://example.org/posts/post-1.html" ` +
				`(https://gohugo.io/content-management/urls/#appearance)`,
			Files: map[string]string{
				"hugo.toml":                     config + "uglyURLs = true\n",
				"content/_index.md":             "---\ntitle: Home\n---\n[p](posts/post-1.html) [s](posts.html) [a](/about.html#who)\n",
				"content/about.md":              "---\ntitle: About\n---\n## Who\n[p](posts/post-1.html)\n",
				"content/posts/_index.md":       "---\ntitle: Posts\n---\n",
				"content/posts/post-1.md":       "---\ntitle: Post 1\n---\n[about](../about.html#who)\n",
				"content/docs/deep/d.md":        "---\ntitle: D\n---\n",
				"content/posts/bundle/index.md": "---\ntitle: Bundle\n---\n",
			},
			SameFiles: true,
			// A section and a leaf bundle are folders of sitegen's output
			// (their pages' and resources' URLs are under them): Hugo's
			// posts.html, docs.html and posts/bundle.html are redirects
			// there.
			RedirectFiles: []string{"/posts/", "/docs/", "/posts/bundle/"},
		},
		{
			Name: "uglyURLs as a map of sections",
			Rule: `"uglyURLs (bool or map) When enabled, creates URL of the form /filename.html instead of /filename/" ` +
				`(https://gohugo.io/configuration/all/#uglyurls); a map names the sections it applies to ("[uglyURLs] ` +
				`notes = true": Hugo 0.111 writes notes.html and notes/n1.html, posts/p1/index.html)`,
			Files: map[string]string{
				"hugo.toml":               config + "[uglyURLs]\nnotes = true\nposts = false\n",
				"content/_index.md":       "---\ntitle: Home\n---\n[n](notes/n1.html) [p](posts/p1/)\n",
				"content/notes/_index.md": "---\ntitle: Notes\n---\n",
				"content/notes/n1.md":     "---\ntitle: N1\n---\n[p](../posts/p1/)\n",
				"content/posts/_index.md": "---\ntitle: Posts\n---\n",
				"content/posts/p1.md":     "---\ntitle: P1\n---\n[n](../../notes/n1.html)\n",
				"content/about.md":        "---\ntitle: About\n---\n",
			},
			SameFiles:     true,
			RedirectFiles: []string{"/notes/"},
		},
		{
			Name: "sections ordered by their pages' dates",
			Rule: `"the default sort order for page collections ... weight, date (descending), linkTitle, path" ` +
				`(https://gohugo.io/quick-reference/glossary/#default-sort-order); a section without a date of its own ` +
				`has its newest page's (Hugo 0.111 measured: .Site.Home.Pages lists the section of a 2023 page before a ` +
				`page of 2021 and the section of a 2020 page)`,
			Files: map[string]string{
				"hugo.toml":             config,
				"content/_index.md":     "---\ntitle: Home\n---\n",
				"content/aa/_index.md":  "---\ntitle: Aa\n---\n",
				"content/aa/old.md":     "---\ntitle: Old\ndate: 2020-01-01\n---\n",
				"content/zz/_index.md":  "---\ntitle: Zz\n---\n",
				"content/zz/new.md":     "---\ntitle: New\ndate: 2023-01-01\n---\n",
				"content/zz/older.md":   "---\ntitle: Older\ndate: 2019-01-01\n---\n",
				"content/mid.md":        "---\ntitle: Mid\ndate: 2021-01-01\n---\n",
				"content/undated.md":    "---\ntitle: Undated\n---\n",
				"content/mm/_index.md":  "---\ntitle: Mm\ndate: 2022-01-01\n---\n",
				"content/mm/earlier.md": "---\ntitle: Earlier\ndate: 2018-01-01\n---\n",
				"content/w/_index.md":   "---\ntitle: W\nweight: 1\n---\n",
				"content/w/page.md":     "---\ntitle: Page\n---\n",
			},
			NavEntries: 11,
		},
		{
			Name: "a section's url",
			Rule: `"url: Set the url in front matter to override the entire path" (https://gohugo.io/content-management/urls/#url); ` +
				`Hugo 0.111 writes content/posts/_index.md with url: /articles/ at /articles/, its pages at /posts/p1/`,
			Files: map[string]string{
				"hugo.toml":               config,
				"content/_index.md":       "---\ntitle: Home\n---\n[posts](/articles/)\n",
				"content/posts/_index.md": "---\ntitle: Posts\nurl: /articles/\n---\n",
				"content/posts/p1.md":     "---\ntitle: P1\n---\n",
			},
		},
		{
			Name: "sections",
			Rule: `"_index.md has a special role in Hugo. It allows you to add front matter and content to home, section, taxonomy, ` +
				`and term pages." (https://gohugo.io/content-management/organization/#index-pages-_indexmd); "The list page for ` +
				`the articles section includes all articles, regardless of directory structure; none of the subdirectories are ` +
				`sections." (https://gohugo.io/content-management/sections/)`,
			Files: map[string]string{
				"hugo.toml":                       config,
				"content/_index.md":               "---\ntitle: Home\n---\n",
				"content/rules/_index.md":         "---\ntitle: Rules\n---\n",
				"content/rules/combat.md":         "---\ntitle: Combat\n---\n",
				"content/rules/magic/_index.md":   "---\ntitle: Magic\n---\n",
				"content/rules/magic/fire.md":     "---\ntitle: Fire\n---\n",
				"content/articles/2022/first.md":  "---\ntitle: First\n---\n",
				"content/articles/2023/second.md": "---\ntitle: Second\n---\n",
			},
			// articles/2022/ and articles/2023/ are no sections: their
			// pages are the articles section's ("folders that are not
			// sections" checks the order).
		},
		{
			Name: "no content folder",
			Rule: `"contentDir ... Default: content" (https://gohugo.io/getting-started/configuration/#contentdir): a ` +
				`config.yaml beside layouts/ and no content/ is a Hugo site with no content pages; the project's other ` +
				`Markdown (an AI agent's CLAUDE.md, src/) is no page of it (issue 32, KB5, Daggerheart_SRD)`,
			Files: map[string]string{
				"config.yaml":        "title: H\nbaseURL: https://h.test/\n",
				"layouts/index.html": "<html><body><h1>{{ .Site.Title }}</h1></body></html>",
				"CLAUDE.md":          "# Agent\n\nprivate-agent-notes\n",
				"src/rules.md":       "# Rules\n\nprivate-agent-notes\n",
				"static/img/a.txt":   "a",
			},
			Unpublished: []string{"claude/index.html", "CLAUDE/index.html", "src/rules/index.html", "CLAUDE.md"},
			Published:   []string{"img/a.txt"},
			Secret:      "private-agent-notes",
		},
		{
			Name: "folders that are not sections",
			Rule: `"A section is a top-level content directory or any content directory with an _index.md file" ` +
				`(https://gohugo.io/content-management/sections/): the pages of docs/about/ and docs/development/ (no ` +
				`_index.md) are the docs section's, ordered with its sections by weight, then linkTitle, at their folders' ` +
				`URLs (eval5B JB6, LeviathanDM's docs-site)`,
			Files: map[string]string{
				"hugo.toml":                                  config,
				"content/_index.md":                          "---\ntitle: Home\n---\n[arch](/docs/development/architecture/)\n",
				"content/docs/about/releases.md":             "---\ntitle: Release Notes\nweight: 2\n---\n",
				"content/docs/about/versioning.md":           "---\ntitle: Documentation Versioning\nweight: 1\n---\n",
				"content/docs/development/architecture.md":   "---\ntitle: Architecture\nweight: 1\n---\n",
				"content/docs/development/contributing.md":   "---\ntitle: Contributing\nweight: 3\n---\n",
				"content/docs/development/plugins.md":        "---\ntitle: Plugin Development\nweight: 2\n---\n",
				"content/docs/development/deep/inner.md":     "---\ntitle: Inner\n---\n",
				"content/docs/features/_index.md":            "---\ntitle: Features\nweight: 2\n---\n",
				"content/docs/features/layouts.md":           "---\ntitle: Tiling Layouts\nweight: 3\n---\n",
				"content/docs/features/more/notes.md":        "---\ntitle: Notes below Features\n---\n",
				"content/docs/getting-started/_index.md":     "---\ntitle: Getting Started\nweight: 1\n---\n",
				"content/docs/getting-started/building.md":   "---\ntitle: Building from Source\nweight: 1\n---\n",
				"content/docs/getting-started/sub/_index.md": "---\ntitle: A section below a folder\n---\n",
			},
			NavEntries: 13,
		},
		{
			Name: "weights Hugo casts",
			Rule: `Hugo reads a page's weight with cast.ToInt (hugolib/page__meta.go: pm.weight = cast.ToInt(v)): the text ` +
				`"1" is 1 and 2.5 is 2, so A ("1"), B (2.5), C (3) in that order (a weight read as none would put A last); a build, not an error (eval8B MB10: ` +
				`hugo-pnp-rules's weight: "200", gloryforthefist's weight: 1.2)`,
			Files: map[string]string{
				"hugo.toml":               config,
				"content/_index.md":       "---\ntitle: Home\n---\n",
				"content/rules/_index.md": "---\ntitle: Rules\n---\n",
				"content/rules/a.md":      "---\ntitle: A\nweight: \"1\"\n---\n",
				"content/rules/b.md":      "---\ntitle: B\nweight: 2.5\n---\n",
				"content/rules/c.md":      "---\ntitle: C\nweight: 3\n---\n",
			},
			NavEntries: 4,
		},
		{
			Name: "URL path sanitising",
			Rule: `"the path to the content file determines its URL" (https://gohugo.io/content-management/urls/), each name ` +
				`sanitised (Hugo 0.111's UnicodeSanitize): letters, digits and marks kept, and ./\_#+~@-, a run of spaces ` +
				`one hyphen, other punctuation dropped, lower case (eval5B JB17: HowToCook's 酸梅汤（半成品加工）); spaces before ".md" ` +
				`or "/" a hyphen too (eval8B MB13: gloryforthefist's "Granny Whuthona Silverlode .md")`,
			Files: map[string]string{
				"hugo.toml": config,
				"content/_index.md": "---\ntitle: Home\n---\n[drink](/drink/酸梅汤半成品加工/) [q](/dir-one/sub-two/page-name/) " +
					"[w](/what-is-it/) [p](/p+q~r@s/)\n",
				"content/drink/_index.md":                  "---\ntitle: Drinks\n---\n",
				"content/Dir (One)/_index.md":              "---\ntitle: One\n---\n",
				"content/drink/酸梅汤（半成品加工）.md":              "---\ntitle: Drink\n---\n",
				"content/Dir (One)/Sub, Two/Page  Name.md": "---\ntitle: Deep\n---\n",
				"content/What - is it?.md":                 "---\ntitle: What\n---\n",
				"content/p+q~r@s.md":                       "---\ntitle: Kept\n---\n",
				"content/it's [1] a&b.md":                  "---\ntitle: Dropped\n---\n",
				"content/Ünïcödé Café.md":                  "---\ntitle: Accents\n---\n",
				"content/a--b.md":                          "---\ntitle: Hyphens\n---\n",
				"content/Granny Silverlode .md":            "---\ntitle: Trailing space\n---\n",
				"content/Dir Two /x.md":                    "---\ntitle: Folder with a trailing space\n---\n",
			},
			Strict: true,
		},
		{
			Name: "slug and url front matter",
			Rule: `"Set the slug in front matter to override the last segment of the path. This front matter field is not ` +
				`applicable to home, section, taxonomy, or term pages." "Set the url in front matter to override the entire ` +
				`path. ... If you set both slug and url in front matter, the url value takes precedence." ` +
				`(https://gohugo.io/content-management/urls/#front-matter); a slug with "/" makes deeper folders (Hugo 0.111 ` +
				`measured; eval8B MB11, GUTS-Plus's slug: "grimoire/essence"); links by path, relref and aliases follow the page`,
			Files: map[string]string{
				"hugo.toml": config,
				"content/_index.md": "---\ntitle: Home\n---\n[ge]({{< relref \"rules/grimoire_essence.md\" >}}) " +
					"[s]({{< relref \"rules/s.md\" >}}) [u]({{< relref \"/rules/u.md\" >}}) [old](/old-essence/)\n",
				"content/rules/_index.md":           "---\ntitle: Rules\nslug: not-for-sections\n---\n",
				"content/rules/grimoire_essence.md": "---\ntitle: Essence\nslug: \"grimoire/essence\"\naliases: [/old-essence/]\n---\n[d]({{< ref \"deep/d.md\" >}})\n",
				"content/rules/s.md":                "---\ntitle: Spaced\nSlug: \"Hello World\"\n---\n",
				"content/rules/deep/d.md":           "---\ntitle: Deep\nslug: deep-slug\n---\n",
				"content/rules/u.md":                "---\ntitle: Moved\nslug: ignored\nurl: /elsewhere/here\n---\n",
				"content/rules/bundle/index.md":     "---\ntitle: Bundle\nslug: bundled\n---\n",
			},
			Strict: true,
		},
		{
			Name: "permalinks settings",
			Rule: `"The permalinks option in your site configuration allows you to adjust the directory paths (i.e., the ` +
				`URLs) on a per-section basis" with the tokens :year, :month, :monthname, :day, :section, :sections, :title, ` +
				`:slug, :filename, :slugorfilename (https://gohugo.io/content-management/urls/#permalinks); url: still wins ` +
				`(the sections' weights keep Hugo's section dates, from their newest page, out of the navigation's order)`,
			Files: map[string]string{
				"hugo.toml": config + "[permalinks]\nposts = \"/:year/:month/:day/:title/\"\n" +
					"docs = \"/d/:sections/:slugorfilename\"\nnotes = \":section/:slug/:filename\"\n",
				"content/_index.md": "---\ntitle: Home\n---\n[a]({{< relref \"posts/a.md\" >}}) " +
					"[t]({{< relref \"docs/two.md\" >}})\n",
				"content/posts/_index.md":        "---\ntitle: Posts\nweight: 1\n---\n",
				"content/posts/a.md":             "---\ntitle: Hello World!\ndate: 2021-03-04\n---\n",
				"content/posts/sub/b.md":         "---\ntitle: Sub Post\ndate: 2022-11-05T10:00:00Z\nslug: sluggy\n---\n",
				"content/posts/c.md":             "---\ntitle: No Date\n---\n",
				"content/posts/u.md":             "---\ntitle: Moved\nurl: /m/\ndate: 2021-01-01\n---\n",
				"content/posts/bund/index.md":    "---\ntitle: Bundle\ndate: 2021-01-01\n---\n",
				"content/docs/_index.md":         "---\ntitle: Docs\nweight: 2\n---\n",
				"content/docs/Doc File.md":       "---\ntitle: Doc One\n---\n",
				"content/docs/Sub Sec/_index.md": "---\ntitle: Sub Sec\n---\n",
				"content/docs/Sub Sec/a.md":      "---\ntitle: In Sub\n---\n",
				"content/docs/Sub Sec/deep/b.md": "---\ntitle: Deep in Sub\n---\n",
				"content/docs/plain/c.md":        "---\ntitle: In Plain\n---\n",
				"content/docs/two.md":            "---\ntitle: Doc Two\nslug: Two Slug\n---\n",
				"content/notes/_index.md":        "---\ntitle: Notes\nweight: 3\n---\n",
				"content/notes/n.md":             "---\ntitle: Note N\n---\n",
			},
		},
		{
			Name: "_index.md.md",
			Rule: `"_index.md has a special role in Hugo" (https://gohugo.io/content-management/organization/#index-pages-_indexmd); ` +
				`a file named _index.md.md is not it but a regular page at its folder's URL, index.md.md one at index.md/ ` +
				`(Hugo 0.111 measured; eval8B MB13: gloryforthefist's "The Prophets Beckoning/_index.md.md")`,
			Files: map[string]string{
				"hugo.toml":                                  config,
				"content/_index.md":                          "---\ntitle: Home\n---\n",
				"content/writeups/_index.md":                 "---\ntitle: Writeups\n---\n",
				"content/writeups/The Prophets/_index.md.md": "---\ntitle: The Prophets\n---\n",
				"content/writeups/The Prophets/blade.md":     "---\ntitle: Blade\n---\n",
				"content/writeups/index.md.md":               "---\ntitle: Index twice\n---\n",
			},
		},
		{
			Name: "a long section without pagination",
			Rule: `"Hugo supports pagination for your home page, section pages, and taxonomies" when a list template calls ` +
				`.Paginate or .Paginator (https://gohugo.io/templates/pagination/): templates that call neither (the ` +
				`conformance theme's, hugo-theme-learn's: eval8B MB13) list a section of 120 pages on one page, with no ` +
				`rules/page/2/`,
			Files:       longSection(config, 120),
			Unpublished: []string{"rules/page/2/index.html"},
		},
		{
			Name: "dates Hugo cannot read",
			Rule: `"By default, Hugo excludes pages with future publish dates when building your site" ` +
				`(https://gohugo.io/methods/page/publishdate/), the publish date from "publishDate = ['publishdate', 'pubdate', ` +
				`'published', 'date']" (https://gohugo.io/configuration/front-matter/#dates): a value Hugo cannot read as a date is none ` +
				`(its date handlers go on to the next key; Hugo 0.111 measured): the page is published (eval8B MB13: ` +
				`gloryforthefist's date: 2022-11-10T10:33:21-05F00), and one whose other date is in the future is not`,
			Files: map[string]string{
				"hugo.toml":               config,
				"content/_index.md":       "---\ntitle: Home\n---\n",
				"content/rules/_index.md": "---\ntitle: Rules\n---\n",
				"content/rules/a.md":      "---\ntitle: Typo\ndate: 2022-11-10T10:33:21-05F00\n---\n",
				"content/rules/b.md":      "---\ntitle: Soon\npublishDate: soon\n---\n",
				"content/rules/c.md":      "---\ntitle: Never\nexpiryDate: never\n---\n",
				"content/rules/d.md":      "---\ntitle: Later\npublishDate: soon\ndate: 2999-01-01\n---\n",
			},
			Unpublished: []string{"rules/d/index.html"},
		},
		{
			Name: "removePathAccents and disablePathToLower",
			Rule: `"removePathAccents: Whether to remove non-spacing marks from composite characters in content paths"; ` +
				`"disablePathToLower: Whether to disable transformation of page URLs to lower case" ` +
				`(https://gohugo.io/configuration/all/)`,
			Files: map[string]string{
				"hugo.toml":                 config + "removePathAccents = true\ndisablePathToLower = true\n",
				"content/_index.md":         "---\ntitle: Home\n---\n[c](/Unicode-Cafe/) [r](/Rules/Big-Fire/)\n",
				"content/Ünïcödé Café.md":   "---\ntitle: Accents\n---\n",
				"content/Rules/_index.md":   "---\ntitle: Rules\n---\n",
				"content/Rules/Big Fire.md": "---\ntitle: Fire\n---\n",
			},
			Strict: true,
		},
		{
			Name: "backslash escapes in link destinations",
			Rule: `Hugo's Markdown is CommonMark (goldmark): "Backslash escapes work in all other contexts, including URLs and ` +
				`link titles, link references, and link destinations" (https://spec.commonmark.org/0.31.2/#backslash-escapes): ` +
				`[x](\#a) is a link to #a, [f](/rules/fire\-ball/) to /rules/fire-ball/ (eval4A A9)`,
			Files: map[string]string{
				"hugo.toml":                  config,
				"content/_index.md":          "---\ntitle: Home\n---\n",
				"content/rules/_index.md":    "---\ntitle: Rules\n---\n[Top](\\#a), [fire](/rules/fire\\-ball/) and [ref][r].\n\n## A\n\n[r]: \\#a\n",
				"content/rules/fire-ball.md": "---\ntitle: Fire ball\n---\nBoom.\n",
			},
			// In a lenient build the renderer unescapes a link it could
			// not resolve: strict mode shows that sitegen resolved them.
			Strict: true,
		},
		{
			Name: "configuration directory",
			Rule: `"Instead of a single project configuration file, split your configuration by environment, root configuration ` +
				`key, and language"; "The default environment for hugo is production" ` +
				`(https://gohugo.io/getting-started/configuration/#configuration-directory): config/production/ over ` +
				`config/_default/ (evaluate3 G5): production's contentDir is read, development's is not`,
			Files: map[string]string{
				"config/_default/hugo.toml":    "title = \"Default\"\nbaseURL = \"https://h.test/\"\ncontentDir = \"content\"\n",
				"config/production/hugo.toml":  "title = \"Production\"\ncontentDir = \"docs\"\n",
				"config/development/hugo.toml": "contentDir = \"dev\"\n",
				"content/_index.md":            "---\ntitle: Default's home\n---\n",
				"content/old.md":               "---\ntitle: Not production's\n---\n",
				"docs/_index.md":               "---\ntitle: Home\n---\n",
				"docs/rules.md":                "---\ntitle: Rules\n---\n",
				"dev/draft.md":                 "---\ntitle: Development's\n---\n",
			},
		},
		{
			Name: "order and labels",
			Rule: `"weight: The page weight, used to order the page within a page collection" with pages ordered by weight, ` +
				`then date, then linkTitle, then path (https://gohugo.io/quick-reference/glossary/#default-sort-order); ` +
				`"linkTitle: Typically a shorter version of the title" (https://gohugo.io/content-management/front-matter/#linktitle)`,
			Files: map[string]string{
				"hugo.toml":               config,
				"content/_index.md":       "---\ntitle: Home\n---\n",
				"content/zeta.md":         "---\ntitle: Zeta\nweight: 1\n---\n",
				"content/alpha.md":        "---\ntitle: Alpha\nweight: 2\n---\n",
				"content/beta.md":         "---\ntitle: Beta\nlinkTitle: B\n---\n",
				"content/gamma.md":        "---\ntitle: Gamma\n---\n",
				"content/rules/_index.md": "---\ntitle: Rules\nweight: 3\nlinkTitle: The rules\n---\n",
				"content/rules/x.md":      "---\ntitle: X\n---\n",
			},
		},
		{
			Name: "order by date and linkTitle",
			Rule: `"the default sort order for page collections ... weight, date (descending), linkTitle, path" ` +
				`(https://gohugo.io/quick-reference/glossary/#default-sort-order); a page's date from date, publishDate, ` +
				`pubdate, published, lastmod or modified (https://gohugo.io/configuration/front-matter/#dates)`,
			Files: map[string]string{
				"hugo.toml":          config,
				"content/_index.md":  "---\ntitle: Home\n---\n",
				"content/old.md":     "---\ntitle: Old\ndate: 2020-01-02\n---\n",
				"content/new.md":     "---\ntitle: New\ndate: 2023-05-06\n---\n",
				"content/mod.md":     "---\ntitle: Modified\nlastmod: 2021-03-04\n---\n",
				"content/zebra.md":   "---\ntitle: Zebra\nlinkTitle: Aardvark\n---\n",
				"content/mango.md":   "---\ntitle: Mango\n---\n",
				"content/weighty.md": "---\ntitle: Weighty\nweight: 1\ndate: 2000-01-01\n---\n",
			},
			NavEntries: 6,
		},
		{
			Name: "main menu",
			Rule: `"Define an entry in the site configuration" with name, pageRef or url, weight; "Define in front matter": ` +
				`menus: main, or menus: {main: {weight, name, parent}}; "Hugo sorts menu entries by weight, then by name" ` +
				`(menus with weight 0 last); parent "The identifier of the parent menu entry" ` +
				`(https://gohugo.io/content-management/menus/): the navigation is the main menu (issue 32, G3)`,
			Files: map[string]string{
				"hugo.toml": config + "[[menus.main]]\nname = \"The Rules\"\npageRef = \"/rules\"\nweight = 20\n" +
					"[[menus.main]]\nname = \"Elsewhere\"\nurl = \"https://elsewhere.test/\"\n" +
					"[[menus.main]]\nname = \"Lore\"\nurl = \"/lore/\"\nweight = 10\nidentifier = \"lore\"\n",
				"content/_index.md":       "---\ntitle: Home\n---\n",
				"content/rules/_index.md": "---\ntitle: Rules\n---\n",
				"content/rules/combat.md": "---\ntitle: Combat\nmenus: main\n---\n",
				"content/lore/_index.md":  "---\ntitle: The Lore\n---\n",
				"content/lore/gods.md":    "---\ntitle: Gods\nmenus:\n  main:\n    parent: lore\n    weight: 2\n---\n",
				"content/lore/kings.md":   "---\ntitle: Kings\nlinkTitle: Old kings\nmenus:\n  main:\n    parent: lore\n    weight: 1\n---\n",
				"content/about.md":        "---\ntitle: About\nmenus: [main, footer]\n---\n",
				"content/hidden.md":       "---\ntitle: Not in the menu\n---\n",
			},
		},
		{
			Name: "sectionPagesMenu",
			Rule: `"Hugo automatically defines menu entries for top-level sections" with sectionPagesMenu = "main" ` +
				`(https://gohugo.io/content-management/menus/#define-automatically): each section's LinkTitle and weight, ` +
				`identifier the section's name, left out where the menu has an entry of that identifier (lore), else of that ` +
				`name (gear); a section without an index page too (magic: "Magics"); a page's "menus: main" takes its weight`,
			Files: map[string]string{
				"hugo.toml": config + "sectionPagesMenu = \"main\"\n" +
					"[[menu.main]]\nname = \"Home\"\nurl = \"/\"\nweight = 1\n" +
					"[[menu.main]]\nname = \"Lore Book\"\nidentifier = \"lore\"\nurl = \"/lore/\"\nweight = 5\n" +
					"[[menu.main]]\nname = \"gear\"\nurl = \"https://gear.test/\"\nweight = 7\n",
				"content/_index.md":              "---\ntitle: Home\n---\n",
				"content/about.md":               "---\ntitle: About\nmenus: main\nweight: 2\n---\n",
				"content/rules/_index.md":        "---\ntitle: The Rules\nlinkTitle: Rules\nweight: 3\n---\n",
				"content/rules/r1.md":            "---\ntitle: Rule 1\n---\n",
				"content/rules/combat/_index.md": "---\ntitle: Combat\nweight: 1\n---\n",
				"content/rules/combat/c1.md":     "---\ntitle: Combat 1\n---\n",
				"content/lore/_index.md":         "---\ntitle: Lore\n---\n",
				"content/lore/a.md":              "---\ntitle: Lore page\n---\n",
				"content/gear/a.md":              "---\ntitle: Gear page\n---\n",
				"content/magic/s.md":             "---\ntitle: Spell\n---\n",
			},
			NavEntries: 5, // Home (url /) is the site's title, no entry: Reader
		},
		{
			Name: "a language's menu",
			Rule: `"Configuration keys ... can be set per language" (https://gohugo.io/content-management/multilingual/#configure-languages): ` +
				`title and menus under [languages.en] (evaluate3 G3, JavOrraca/dungeons-and-dragons)`,
			Files: map[string]string{
				"hugo.toml": "baseURL = \"https://h.test/\"\n[languages.en]\ntitle = \"D&D Adventures\"\n" +
					"[[languages.en.menu.main]]\nname = \"Our Story\"\nurl = \"/post/\"\nweight = 2\n" +
					"[[languages.en.menu.main]]\nname = \"About\"\nurl = \"/about/\"\nweight = 1\n",
				"content/_index.md":      "---\ntitle: Home\n---\n",
				"content/about.md":       "---\ntitle: About us\n---\n",
				"content/post/_index.md": "---\ntitle: Post\n---\n",
				"content/post/first.md":  "---\ntitle: First\n---\n",
			},
		},
		{
			Name: "languages by contentDir",
			Rule: `"Hugo renders each language ... the default content language ... at the root, the others under /<lang>/" and ` +
				`"contentDir: The content directory for this language" (https://gohugo.io/content-management/multilingual/#configure-languages; ` +
				`"Translate by content directory": https://gohugo.io/content-management/multilingual/#translation-by-content-directory); ` +
				`Hugo 0.111 measured: content/fr/rules/combat.md at /fr/rules/combat/, the French title and menu its language's, ` +
				`no page of the default language in the French site (eval13A NA2, 027xiguapi/HowToCook)`,
			Files: map[string]string{
				"hugo.toml": "baseURL = \"https://h.test/\"\ntitle = \"Root\"\ndefaultContentLanguage = \"en\"\n" +
					"[languages.en]\ntitle = \"Rules\"\nweight = 1\ncontentDir = \"content/en\"\n" +
					"[languages.fr]\ntitle = \"Règles\"\nweight = 2\ncontentDir = \"content/fr\"\n",
				"content/en/_index.md":       "---\ntitle: Home\n---\n[combat](rules/combat/)\n",
				"content/en/rules/combat.md": "---\ntitle: Combat\n---\n[magic](../magic/)\n",
				"content/en/rules/magic.md":  "---\ntitle: Magic\n---\n",
				"content/fr/_index.md":       "---\ntitle: Accueil\n---\n[combat](rules/combat/)\n",
				"content/fr/rules/combat.md": "---\ntitle: Le combat\n---\n[seul](../only/)\n",
				"content/fr/rules/only.md":   "---\ntitle: Seulement en français\n---\n",
			},
			// Hugo writes /en/index.html, a redirect to the default
			// language's home at the root.
			// Each language has its 404 page: Hugo 0.111 writes
			// fr/404.html beside 404.html from a layouts/404.html, which
			// the conformance theme has not.
			Known:       []string{"page: /fr/404/ ("},
			Unpublished: []string{"fr/rules/magic/index.html", "rules/only/index.html"},
		},
		{
			Name: "languages by file name",
			Rule: `"Translate by file name ... /content/about.en.md /content/about.fr.md ... the language code is the suffix" and ` +
				`"If a file has no language code, it will be assigned the default language" ` +
				`(https://gohugo.io/content-management/multilingual/#translation-by-file-name); Hugo 0.111 measured: ` +
				`rules/combat.fr.md at /fr/rules/combat/, _index.fr.md the French home, magic.en.md at /rules/magic/`,
			Files: map[string]string{
				"hugo.toml": "baseURL = \"https://h.test/\"\ntitle = \"Root\"\n" +
					"[languages.en]\ntitle = \"Rules\"\nweight = 1\n[languages.fr]\ntitle = \"Règles\"\nweight = 2\n",
				"content/_index.md":          "---\ntitle: Home\n---\n[combat](rules/combat/)\n",
				"content/_index.fr.md":       "---\ntitle: Accueil\n---\n[combat](rules/combat/)\n",
				"content/rules/combat.md":    "---\ntitle: Combat\n---\n[magic](../magic/)\n",
				"content/rules/combat.fr.md": "---\ntitle: Le combat\n---\n[seul](../only/)\n",
				"content/rules/magic.en.md":  "---\ntitle: Magic\n---\n",
				"content/rules/only.fr.md":   "---\ntitle: Seulement en français\n---\n",
				"content/rules/_index.fr.md": "---\ntitle: Les règles\n---\n",
				// A leaf bundle's translation, index.fr.md, is the
				// bundle's page in French ("Page bundles ... translated
				// by file name": Hugo 0.111 writes fr/book/index.html).
				"content/book/index.md":    "---\ntitle: Book\n---\n![p](pic.png)\n",
				"content/book/index.fr.md": "---\ntitle: Livre\n---\n![p](pic.png)\n",
				"content/book/pic.png":     "png",
			},
			Published:   []string{"book/pic.png", "fr/book/pic.png"},
			Known:       []string{"page: /fr/404/ ("}, // as above
			Unpublished: []string{"fr/rules/magic/index.html", "rules/only/index.html", "rules/combat.fr/index.html"},
		},
		{
			Name: "disableLanguages",
			Rule: `"disableLanguages: Disable listed languages" (https://gohugo.io/getting-started/configuration/#disablelanguages) and ` +
				`"disabled: Set to true to disable the language" (https://gohugo.io/content-management/multilingual/#configure-languages); ` +
				`Hugo 0.111 measured: neither the disabled languages' pages nor their homes are published, and no page links them`,
			Files: map[string]string{
				"hugo.toml": "baseURL = \"https://h.test/\"\ntitle = \"Root\"\ndisableLanguages = [\"de\"]\n" +
					"[languages.en]\ntitle = \"Rules\"\nweight = 1\n[languages.fr]\ntitle = \"Règles\"\nweight = 2\n" +
					"[languages.de]\ntitle = \"Regeln\"\nweight = 3\n[languages.es]\ntitle = \"Reglas\"\nweight = 4\ndisabled = true\n",
				"content/_index.md":          "---\ntitle: Home\n---\n[combat](rules/combat/)\n",
				"content/_index.fr.md":       "---\ntitle: Accueil\n---\n",
				"content/rules/combat.md":    "---\ntitle: Combat\n---\n",
				"content/rules/combat.fr.md": "---\ntitle: Le combat\n---\n",
				"content/rules/combat.de.md": "---\ntitle: Kampf\n---\n",
				"content/rules/combat.es.md": "---\ntitle: Combate\n---\n",
			},
			Known: []string{"page: /fr/404/ ("}, // as above
			Unpublished: []string{"de/index.html", "de/rules/combat/index.html", "es/index.html", "es/rules/combat/index.html",
				"rules/combat.de/index.html", "rules/combat.es/index.html"},
		},
		{
			Name: "languages' static files",
			Rule: `Hugo 0.111 measured: one host for all languages publishes static/ once, at the root (static/img/a.png at img/a.png, ` +
				`not fr/img/a.png), and a page in any language links it as /img/a.png`,
			Files: map[string]string{
				"hugo.toml": "baseURL = \"https://h.test/\"\ntitle = \"Root\"\n" +
					"[languages.en]\ntitle = \"Rules\"\nweight = 1\n[languages.fr]\ntitle = \"Règles\"\nweight = 2\n",
				"content/_index.md":    "---\ntitle: Home\n---\n![a](/img/a.png)\n",
				"content/_index.fr.md": "---\ntitle: Accueil\n---\n![a](/img/a.png)\n",
				"static/img/a.png":     "png",
			},
			Strict:      true, // /img/a.png on the French page leads to the root's
			Known:       []string{"page: /fr/404/ ("},
			Published:   []string{"img/a.png"},
			Unpublished: []string{"fr/img/a.png"},
		},
		{
			Name: "a language's own staticDir",
			Rule: `"staticDir: A directory or a list of directories from where Hugo reads static files" ` +
				`(https://gohugo.io/getting-started/configuration/#staticdir), which a language may set; Hugo 0.111 measured ` +
				`with one host: the site's static/ once at the root, the language's own staticDir published nowhere ` +
				`(static_fr/img/b.png neither at img/b.png nor at fr/img/b.png)`,
			Files: map[string]string{
				"hugo.toml": "baseURL = \"https://h.test/\"\ntitle = \"Root\"\n" +
					"[languages.en]\ntitle = \"Rules\"\nweight = 1\n[languages.fr]\ntitle = \"Règles\"\nweight = 2\nstaticDir = [\"static\", \"static_fr\"]\n",
				"content/_index.md":    "---\ntitle: Home\n---\n![a](/img/a.png)\n",
				"content/_index.fr.md": "---\ntitle: Accueil\n---\n![a](/img/a.png)\n",
				"static/img/a.png":     "png",
				"static_fr/img/b.png":  "png",
			},
			Strict:      true,
			Known:       []string{"page: /fr/404/ ("},
			Published:   []string{"img/a.png"},
			Unpublished: []string{"fr/img/a.png", "img/b.png", "fr/img/b.png"},
		},
		{
			Name: "defaultContentLanguageInSubdir",
			Rule: `"defaultContentLanguageInSubdir: Render the default content language in subdir, e.g. content/en/ ... will be ` +
				`rendered to public/en/" (https://gohugo.io/content-management/multilingual/#configure-languages); Hugo 0.111 ` +
				`measured: every language under its folder, index.html at the root a redirect to /en/, static/ once at the root`,
			Files: map[string]string{
				"hugo.toml": "baseURL = \"https://h.test/\"\ntitle = \"Root\"\ndefaultContentLanguageInSubdir = true\n" +
					"[languages.en]\ntitle = \"Rules\"\nweight = 1\n[languages.fr]\ntitle = \"Règles\"\nweight = 2\n",
				"content/_index.md":          "---\ntitle: Home\n---\n[combat](rules/combat/) ![a](/img/a.png)\n",
				"content/_index.fr.md":       "---\ntitle: Accueil\n---\n[combat](rules/combat/) ![a](/img/a.png)\n",
				"content/rules/combat.md":    "---\ntitle: Combat\n---\n",
				"content/rules/combat.fr.md": "---\ntitle: Le combat\n---\n",
				"static/img/a.png":           "png",
			},
			Strict:      true,
			Known:       []string{"page: /fr/404/ (", "page: /en/404/ ("},
			Published:   []string{"img/a.png"},
			Unpublished: []string{"rules/combat/index.html", "en/img/a.png", "fr/img/a.png"},
		},
		{
			Name: "menus in the configuration directory",
			Rule: `"split your configuration by environment, root configuration key, and language": config/_default/menus.toml ` +
				`holds the root key menus (https://gohugo.io/getting-started/configuration/#configuration-directory)`,
			Files: map[string]string{
				"config/_default/hugo.toml":  config,
				"config/_default/menus.toml": "[[main]]\nname = \"B\"\npageRef = \"b\"\n[[main]]\nname = \"A\"\npageRef = \"a\"\n",
				"content/_index.md":          "---\ntitle: Home\n---\n",
				"content/a.md":               "---\ntitle: Page A\n---\n",
				"content/b.md":               "---\ntitle: Page B\n---\n",
			},
		},
		{
			Name: "page bundles",
			Rule: `"A leaf bundle is a directory that contains an index.md file and zero or more resources. Analogous to a physical ` +
				`leaf, a leaf bundle is at the end of a branch. It has no descendants."; "headless: true" "Hugo will not publish ` +
				`[it] anywhere" (https://gohugo.io/content-management/page-bundles/): a leaf bundle's other Markdown files, in ` +
				`its folder or below, are its resources, neither rendered nor published as pages (eval5B JB18, HowToCook's ` +
				`headless about/); a link to one leads nowhere`,
			Files: map[string]string{
				"hugo.toml":                   config,
				"content/_index.md":           "---\ntitle: Home\n---\n[map](/monster/map.png), [notes](/monster/notes/), [cc](/about/cc/)\n",
				"content/monster/index.md":    "---\ntitle: Monster\n---\n![map](map.png)\n",
				"content/monster/map.png":     "png",
				"content/monster/notes.md":    "---\ntitle: Notes, a resource of the bundle\n---\n",
				"content/monster/lore/old.md": "---\ntitle: Below the bundle, a resource too\n---\n",
				"content/about/index.md":      "---\nheadless: true\n---\nAbout.\n",
				"content/about/cc.md":         "---\ntitle: CC\n---\nA resource of a headless bundle.\n",
				"content/about/me.md":         "---\ntitle: Me\n---\n",
			},
			Unpublished: []string{"monster/notes/index.html", "monster/lore/old/index.html", "about/index.html", "about/cc/index.html",
				"about/me/index.html", "monster/notes.md", "about/cc.md"},
			Published: []string{"monster/map.png"},
			// Hugo prints the links to them as written, leading nowhere;
			// sitegen warns of each and shows its text, as it shows any
			// link to a page it does not publish.
			Known: []string{`link: /: sitegen leads to [/monster/map.png] (and nowhere []), the tool to [/monster/map.png] (and nowhere [/about/cc/ /monster/notes/])`},
		},
		{
			Name: "front matter after blank lines",
			Rule: `Hugo's page lexer skips spaces, tabs, line ends and byte order marks before the front matter's opening ` +
				`delimiter (lexIntroSection, https://github.com/gohugoio/hugo/blob/v0.111.0/parser/pageparser/pagelexer_intro.go; ` +
				`"Front matter ... at the top of the file", https://gohugo.io/content-management/front-matter/): eval5B JB19, ` +
				`HowToCook's recipes that start with two blank lines`,
			Files: map[string]string{
				"hugo.toml":         config,
				"content/_index.md": "---\ntitle: Home\n---\n",
				"content/blank.md":  "\n\n---\ntitle: 凉粉\nauthor: someone\n---\n\n# 凉粉的做法\n\nBody.\n",
				"content/spaces.md": " \t\n  ---\ntitle: Spaces\n---\nBody.\n",
				"content/crlf.md":   "\r\n\r\n---\r\ntitle: CRLF\r\n---\r\nBody.\r\n",
				"content/toml.md":   "\n+++\ntitle = \"TOML\"\n+++\nBody.\n",
				"content/bom.md":    "\ufeff\n---\ntitle: BOM\n---\nBody.\n",
			},
		},
		{
			Name: "ref and relref",
			Rule: `"Use the ref or relref shortcode to create links to other pages" ` +
				`(https://gohugo.io/content-management/cross-references/)`,
			Files: map[string]string{
				"hugo.toml":               config,
				"content/_index.md":       "---\ntitle: Home\n---\n[Combat]({{< ref \"rules/combat\" >}}), [rounds]({{< relref \"rules/combat.md#rounds\" >}})\n",
				"content/rules/combat.md": "---\ntitle: Combat\n---\n## Rounds\n",
			},
		},
		{
			Name: "ref to a page bundle",
			Rule: `"path: The path to the target page. Paths without a leading slash (/) are resolved first relative to the ` +
				`current page, and then relative to the rest of the site" (https://gohugo.io/shortcodes/ref/); a leaf bundle ` +
				`"about/index.md // <- https://example.org/about/" (https://gohugo.io/content-management/organization/)`,
			Files: map[string]string{
				"hugo.toml":         config,
				"content/_index.md": "---\ntitle: Home\n---\n",
				"content/docs/lore.md": "---\ntitle: Lore\n---\n[abs]({{< ref \"/docs/factions/theocracy\" >}}), " +
					"[rel]({{< relref \"factions/theocracy#creed\" >}}), [site]({{< ref \"docs/factions/theocracy\" >}}), " +
					"[branch]({{< ref \"/docs/factions\" >}})\n",
				"content/docs/factions/_index.md":          "---\ntitle: Factions\n---\n",
				"content/docs/factions/theocracy/index.md": "---\ntitle: Theocracy\n---\n## Creed\n",
			},
		},
		{
			Name: "a site's page-link shortcode",
			Rule: `"To create a shortcode, place an HTML template in the layouts/shortcodes directory" ` +
				`(https://gohugo.io/templates/shortcode/), a theme's in themes/THEME/layouts/shortcodes; ` +
				`"GetPage: Returns a Page object from the given path" (https://gohugo.io/methods/page/getpage/): ` +
				`ethanharstad/unnamed-rpg's {{< link "docs/factions/x" >}} is a link to that page, titled with its title`,
			Files: map[string]string{
				"hugo.toml":         config + "theme = \"mytheme\"\n",
				"content/_index.md": "---\ntitle: Home\n---\n",
				"themes/mytheme/layouts/shortcodes/link.html": "{{ if .IsNamedParams }}{{ with .Page.GetPage (.Get \"path\") }}" +
					"<a href=\"{{ .RelPermalink }}\">{{ default .Title ($.Get \"text\") }}</a>{{ end }}" +
					"{{ else }}{{ with .Page.GetPage (.Get 0) }}<a href=\"{{ .RelPermalink }}\">{{ .Title }}</a>{{ end }}{{ end }}",
				"content/docs/lore.md": "---\ntitle: Lore\n---\nA descendent of the {{< link \"docs/factions/technologists\" >}} and " +
					"{{< link path=\"/docs/rules\" text=\"the rules\" >}}.\n",
				"content/docs/rules.md":                        "---\ntitle: Rules\n---\n",
				"content/docs/factions/_index.md":              "---\ntitle: Factions\n---\n",
				"content/docs/factions/technologists/index.md": "---\ntitle: The Technologists\n---\n",
			},
		},
		{
			Name: "titles",
			Rule: `"title: The title of the page" (https://gohugo.io/content-management/front-matter/#title): a page without ` +
				`one has none; a section without an _index.md is titled by its folder's name`,
			Files: map[string]string{
				"content/spaces.md":      "---  \ntitle: Spaces after the delimiters\n--- \n\nBody\n",
				"hugo.toml":              config,
				"content/_index.md":      "---\ntitle: Home\n---\n",
				"content/titled.md":      "---\ntitle: Titled\n---\n# A heading\n",
				"content/untitled.md":    "# A heading\n",
				"content/spells/fire.md": "---\ntitle: Fire\n---\n",
			},
			// Hugo leaves an untitled page untitled (its docs themes name
			// it by its file); sitegen names it by its first heading.
			Known: []string{`title: /untitled/: sitegen "A heading", the tool ""`, `label: /untitled/: sitegen labels it "A heading", the tool ""`},
		},
		{
			// bestia-docs (issue 32, KB6): the project's skill shortcode
			// writes an id from its name and renders its content; it
			// follows a line of HTML. sitegen does not run the template;
			// its strict build must find the anchor, and both builds the
			// content's link.
			Name: "project shortcodes: anchors, content, after HTML",
			Rule: `"Get: Returns the value of the given argument" (https://gohugo.io/methods/shortcode/get/); "Inner: ` +
				`Returns the content between opening and closing shortcode tags" (https://gohugo.io/methods/shortcode/inner/); ` +
				`"{{< myshortcode >}} tells Hugo that the rendered shortcode does not need further processing" ` +
				`(https://gohugo.io/methods/page/rendershortcodes/)`,
			Strict: true,
			Files: map[string]string{
				// bestia-docs sets unsafe: true; its attack.html trims
				// the content (strings.TrimSpace, which Hugo 0.111 lacks:
				// trim), else Hugo renders an indented one as code.
				"hugo.toml":         config + "[markup.goldmark.renderer]\nunsafe = true\n",
				"content/_index.md": "---\ntitle: Home\n---\n",
				"layouts/shortcodes/skill.html": "{{ $id := printf \"skill-%s\" (replace (lower (.Get \"name\")) \" \" \"-\") }}\n" +
					"<div class=\"col\" id=\"{{ $id }}\"><h5>{{ .Get \"name\" }}</h5>{{ trim .Inner \" \\n\" | .Page.RenderString }}</div>\n",
				"content/docs/master.md": "---\ntitle: Master\n---\nSkills:\n\n<br>\n{{< skill name=\"Ore Refinement\" maxLevel=\"3\"\n    type=\"Active\" >}}\n    Needs a [bestia](/docs/bestia/).\n{{< /skill >}}\n",
				"content/docs/bestia.md": "---\ntitle: Bestia\n---\nSee [refining](/docs/master/#skill-ore-refinement).\n",
			},
		},
		{
			Name: "section titles",
			Rule: `"pluralizeListTitles: Pluralize titles in lists. Default: true" ` +
				`(https://gohugo.io/getting-started/configuration/#pluralizelisttitles): a section without an _index.md ` +
				`is titled by its folder's name, first letter upper case, pluralised ("drink" is "Drinks")`,
			Files: map[string]string{
				"hugo.toml":                 config,
				"content/_index.md":         "---\ntitle: Home\n---\n",
				"content/drink/ale.md":      "---\ntitle: Ale\n---\n",
				"content/magic-item/orb.md": "---\ntitle: Orb\n---\n",
				"content/person/ann.md":     "---\ntitle: Ann\n---\n",
				"content/news/today.md":     "---\ntitle: Today\n---\n",
				"content/ox/big.md":         "---\ntitle: Big\n---\n",
			},
		},
		{
			Name: "the site's shortcode templates",
			Rule: `"Shortcode templates ... layouts/shortcodes" run with .Get, .Inner, .Params, .Page, .Site ` +
				`(https://gohugo.io/templates/shortcode-templates/); "{{% %}}: ... rendered as Markdown", "{{< >}}: ... not ` +
				`rendered as Markdown" (https://gohugo.io/content-management/shortcodes/#notation); relref in a template ` +
				`links to the page (https://gohugo.io/functions/urls/relref/)`,
			Files: map[string]string{
				"hugo.toml": config + "[markup.goldmark.renderer]\nunsafe = true\n",
				"layouts/shortcodes/skill.html": `{{ $id := printf "skill-%s" (replace (lower (.Get "name")) " " "-") }}` +
					`<div class="card" id="{{ $id }}"><h5>{{ .Get "name" }}</h5>{{ .Inner | .Page.RenderString }}</div>`,
				"layouts/shortcodes/go.html": `<a href="{{ relref .Page (.Get 0) }}">{{ .Get 1 | markdownify }}</a>`,
				"layouts/shortcodes/md.html": `See [{{ .Get 0 }}]({{ .Get 1 }}) and {{ .Inner }}`,
				"content/_index.md":          "---\ntitle: Home\n---\n",
				"content/skills.md": "---\ntitle: Skills\n---\n{{< skill name=\"Fire Ball\" >}}\nBurns: see [lore](/lore/#old-kings).\n{{< /skill >}}\n\n" +
					"{{< go \"lore.md#old-kings\" \"the *kings*\" >}}\n\n{{% md \"Lore\" \"/lore/\" %}}the _end_{{% /md %}}\n",
				"content/lore.md": "---\ntitle: Lore\n---\n## Old kings\n\nRead [fire](/skills/#skill-fire-ball).\n",
			},
		},
		{
			// azureorangutan/murdham (issue 32, eval15A NA12): its include
			// shortcode reads a generated file beside content/; the
			// included headings are the page's, a link to one resolves
			// in both builds, in sitegen's strict build too.
			Name: "a shortcode that reads a file",
			Rule: `"readFile: Returns the contents of a file ... relative to the current working directory" ` +
				`(https://gohugo.io/functions/os/readfile/); "path.Join: Replaces path separators with slashes ... joins the ` +
				`given path elements into a single path" (https://gohugo.io/functions/path/join/); "File.Dir" ` +
				`(https://gohugo.io/methods/page/file/); "{{% %}}: ... rendered as Markdown" ` +
				`(https://gohugo.io/content-management/shortcodes/#notation)`,
			Strict: true,
			Files: map[string]string{
				"hugo.toml":                       config,
				"content/_index.md":               "---\ntitle: Home\n---\n",
				"layouts/shortcodes/include.html": `{{ $base_path := $.Page.File.Dir }}{{ $file_path := .Get 0 }}{{ readFile (path.Join $base_path $file_path) }}`,
				"gen/ref_careers.md":              "## Acrobat\n\nGrace.\n\n## Agitator\n\nSee [the rules](/rules/other/#rules).\n",
				"content/rules/careers.md":        "---\ntitle: Careers\n---\n\n{{% include \"../gen/ref_careers.md\" %}}\n",
				"content/rules/other.md":          "---\ntitle: Other\n---\n\n## Rules\n\nBe an [acrobat](/rules/careers/#acrobat) or [agitator](../careers/#agitator).\n",
			},
		},
		{
			Name: "section titles, pluralizeListTitles off",
			Rule: `"pluralizeListTitles: Pluralize titles in lists. Default: true" ` +
				`(https://gohugo.io/getting-started/configuration/#pluralizelisttitles): false keeps the folder's name, ` +
				`first letter upper case`,
			Files: map[string]string{
				"hugo.toml":            config + "pluralizeListTitles = false\n",
				"content/_index.md":    "---\ntitle: Home\n---\n",
				"content/drink/ale.md": "---\ntitle: Ale\n---\n",
				"content/ox/big.md":    "---\ntitle: Big\n---\n",
			},
		},
		{
			// Hugo writes content/magic.md and content/magic/_index.md to
			// one file, in no set order (of six builds, three kept each):
			// sitegen keeps the section's (layout.KeepHugo).
			Name: "a key set twice",
			Rule: "a YAML key set twice in front matter keeps its last value, as Hugo reads it",
			Files: map[string]string{
				"hugo.toml":               config,
				"content/_index.md":       "---\ntitle: Home\n---\n",
				"content/magic/_index.md": "---\ntitle: A\ntitle: The section\n---\n",
				"content/magic/fire.md":   "---\ntitle: Fire\nweight: 1\nweight: 2\n---\n",
			},
		},
	} {
		t.Run(f.Name, func(t *testing.T) { Run(t, Hugo, sitegenWithoutTaxonomies, f) })
	}
}

// longSection is a Hugo site (settings config) whose rules section has n
// pages.
func longSection(config string, n int) map[string]string {
	files := map[string]string{
		"hugo.toml":               config,
		"content/_index.md":       "---\ntitle: Home\n---\n",
		"content/rules/_index.md": "---\ntitle: Rules\n---\n",
	}
	for i := range n {
		files[fmt.Sprintf("content/rules/r%03d.md", i)] = fmt.Sprintf("---\ntitle: Rule %03d\n---\n", i)
	}
	return files
}
