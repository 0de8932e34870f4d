package site

import (
	"context"
	"maps"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// queryVault is a vault whose Q.md holds a query (queryCases); the other
// notes are read by some of the queries.
func queryVault(q string) map[string]string {
	return map[string]string{
		".obsidian/app.json": "{}\n",
		"Lists/A.md":         "---\nlevel: 1\ntags: [monster]\nparent: \"[[Goal]]\"\nally: \"[[Nowhere]]\"\norganization: Guild\n---\n# A\n\nText of A.\n",
		"Lists/B.md":         "---\nlevel: 2\ntags: [beast]\n---\n# B\n\nText of B.\n",
		"Other/Edited.md":    "# Edited\n\nA note.\n",
		"Other/Target.md":    "---\naliases: [Goal]\nrank: 3\n---\n# Target\n\nThe target.\n\n## Part\n",
		"Q.md":               "# Q\n\n" + q + "\n",
	}
}

// tableLevel is a query that reads level of the notes in Lists.
const tableLevel = "```dataview\nTABLE level FROM \"Lists\"\n```"

// thelladeQuery is the typical query of Thellade-World's "01 Campaign":
// it resolves the names its members' organization fields hold, and
// compares a member's location links with the page's own.
const thelladeQuery = "```dataview\nTABLE without id file.link AS \"Name\", join(link(organization), \", \") AS Org FROM \"Lists\" WHERE !econtains(location, this.file.link) SORT file.name ASC\n```"

// outlinksQuery shows the outgoing links of the notes in Lists.
const outlinksQuery = "```dataview\nTABLE file.outlinks FROM \"Lists\"\n```"

// bWith is Lists/B.md with front matter lines fm added and body text.
func bWith(fm, body string) string {
	return "---\nlevel: 2\ntags: [beast]\n" + fm + "---\n# B\n\n" + body + "\n"
}

// queryCases: a vault's query page Q.md, one save, and how many pages
// the build from the cache renders again (asked less reused): the notes
// saved, plus Q when what its query reads changed (or it reads what no
// note holds: the clock, times, inlinks, links, base views).
var queryCases = []struct {
	name     string
	query    string
	edits    map[string]string
	rendered int
}{
	{"folder/edit outside", "```dataview\nTABLE level FROM \"Lists\" WHERE level = 1\n```", map[string]string{"Other/Edited.md": "# Edited\n\nA note, saved.\n"}, 1},
	{"folder/edit a field read", "```dataview\nTABLE level FROM \"Lists\" WHERE level = 1\n```", map[string]string{"Lists/B.md": "---\nlevel: 1\ntags: [beast]\n---\n# B\n\nText of B.\n"}, 2},
	{"folder/edit a member's text", "```dataview\nLIST FROM \"Lists\"\n```", map[string]string{"Lists/B.md": "---\nlevel: 2\ntags: [beast]\n---\n# B\n\nText of B, saved.\n"}, 1}, // a LIST shows links: the member's path only
	{"folder/note added", "```dataview\nLIST FROM \"Lists\"\n```", map[string]string{"Lists/C.md": "# C\n"}, 2},
	{"folder/note moved out", "```dataview\nLIST FROM \"Lists\"\n```", map[string]string{"Lists/B.md": "->Other/B.md"}, 2},
	{"folder/note deleted", "```dataview\nLIST FROM \"Lists\"\n```", map[string]string{"Lists/B.md": ""}, 1},
	// A note added, removed or renamed elsewhere (names changed): a query
	// that resolves no name, reads no note through a link and no member's
	// link keeps its page.
	{"folder/note added elsewhere", "```dataview\nLIST FROM \"Lists\"\n```", map[string]string{"Other/New.md": "# New\n"}, 1},
	{"folder/note removed elsewhere", "```dataview\nTABLE level FROM \"Lists\"\n```", map[string]string{"Other/Edited.md": ""}, 0},
	{"folder/note renamed elsewhere", "```dataview\nTABLE level FROM \"Lists\" SORT file.name\n```", map[string]string{"Other/Edited.md": "->Other/Renamed.md"}, 1},
	{"folder/an alias changed elsewhere", "```dataview\nTABLE level FROM \"Lists\"\n```", map[string]string{"Other/Target.md": "---\naliases: [Aim]\nrank: 3\n---\n# Target\n\nThe target.\n\n## Part\n"}, 1},
	// A query that resolved names (a link in it, link(), a member's
	// link it shows, a note read through a link) keeps its page when the
	// names it resolved, or failed to, resolve as they did: a new note
	// whose name, path and aliases are none of them changes nothing
	// (query.Deps.Targets).
	{"folder/note added elsewhere, a member's link read", "```dataview\nTABLE parent FROM \"Lists\"\n```", map[string]string{"Other/New.md": "# New\n"}, 1},
	{"folder/note added elsewhere, a link in the query", "```dataview\nLIST FROM \"Lists\" WHERE contains(parent, link(\"Target\"))\n```", map[string]string{"Other/New.md": "# New\n"}, 1},
	{"folder/note added elsewhere, a note read through a link", "```dataview\nLIST FROM \"Lists\" WHERE level < [[Target]].rank\n```", map[string]string{"Other/New.md": "# New\n"}, 1},
	{"names/Thellade's query, note added elsewhere", thelladeQuery, map[string]string{"Other/New.md": "# New\n"}, 1},
	{"names/Thellade's query, note added named like an organization", thelladeQuery, map[string]string{"Other/Guild.md": "# Guild\n"}, 2},
	{"names/Thellade's query, alias added like an organization", thelladeQuery, map[string]string{"Other/New.md": "---\naliases: [guild]\n---\n# New\n"}, 2},
	{"names/a member's unresolved link shown, note added of its name", "```dataview\nTABLE ally FROM \"Lists\"\n```", map[string]string{"Other/Nowhere.md": "# Nowhere\n"}, 2},
	{"names/a member's unresolved link shown, note added in a subfolder", "```dataview\nTABLE ally FROM \"Lists\"\n```", map[string]string{"Other/Deep/nowhere.md": "# nowhere\n"}, 2},
	{"names/a member's unresolved link shown, alias added", "```dataview\nTABLE ally FROM \"Lists\"\n```", map[string]string{"Other/Edited.md": "---\naliases: [Nowhere]\n---\n# Edited\n\nA note.\n"}, 2},
	{"names/a member's unresolved link shown, other note added", "```dataview\nTABLE ally FROM \"Lists\"\n```", map[string]string{"Other/Somewhere.md": "# Somewhere\n"}, 1},
	{"names/link(\"Nowhere\") shown, note added of its name", "```dataview\nTABLE WITHOUT ID link(\"Nowhere\") AS L FROM \"Lists\"\n```", map[string]string{"Other/Nowhere.md": "# Nowhere\n"}, 2},
	{"names/[[Nowhere]] in the query, note added of its name", "```dataview\nTABLE WITHOUT ID [[Nowhere]] AS L FROM \"Lists\"\n```", map[string]string{"Other/Nowhere.md": "# Nowhere\n"}, 2},
	{"names/an alias's winner changes: a note named like it", "```dataview\nTABLE parent FROM \"Lists\"\n```", map[string]string{"Other/Deep/Goal.md": "# Goal\n"}, 2},
	{"names/link(alias), a note named like it", "```dataview\nLIST FROM \"Lists\" WHERE contains(parent, link(\"Goal\"))\n```", map[string]string{"Other/Deep/Goal.md": "# Goal\n"}, 2},
	{"names/a note read through a link, renamed", "```dataview\nLIST FROM \"Lists\" WHERE level < [[Target]].rank\n```", map[string]string{"Other/Target.md": "->Other/Aim.md"}, 2},
	{"names/a note read through a link, deleted", "```dataview\nLIST FROM \"Lists\" WHERE level < [[Target]].rank\n```", map[string]string{"Other/Target.md": ""}, 1},
	{"names/a member's link's note renamed", "```dataview\nTABLE parent FROM \"Lists\"\n```", map[string]string{"Other/Target.md": "->Other/Aim.md"}, 2},
	{"names/a member's link's note deleted", "```dataview\nTABLE parent FROM \"Lists\"\n```", map[string]string{"Other/Target.md": ""}, 1},
	{"names/inline link(), note added elsewhere", "`= link(\"Target\")`", map[string]string{"Other/New.md": "# New\n"}, 1},
	{"names/inline link(), note added of its name", "`= link(\"Nowhere\")`", map[string]string{"Other/Nowhere.md": "# Nowhere\n"}, 2},
	// A member's file.outlinks are in its print (query.MemberPrint), as
	// they resolve now: a note added elsewhere leaves them as they were,
	// a note or alias that one of them now leads to changes the print.
	// Lists/A.md's front matter links [[Goal]] (Target's alias) and
	// [[Nowhere]] (no note).
	{"outlinks/members', note added elsewhere", outlinksQuery, map[string]string{"Other/New.md": "# New\n"}, 1},
	{"outlinks/members', note added of an unresolved one's name", outlinksQuery, map[string]string{"Other/Nowhere.md": "# Nowhere\n"}, 2},
	{"outlinks/members', alias added of an unresolved one's name", outlinksQuery, map[string]string{"Other/Edited.md": "---\naliases: [Nowhere]\n---\n# Edited\n\nA note.\n"}, 2},
	{"outlinks/members', an alias's winner changes", outlinksQuery, map[string]string{"Other/Deep/Goal.md": "# Goal\n"}, 2},
	{"outlinks/members', the note one leads to renamed", outlinksQuery, map[string]string{"Other/Target.md": "->Other/Aim.md"}, 2},
	{"outlinks/members', the note one leads to deleted", outlinksQuery, map[string]string{"Other/Target.md": ""}, 1},
	{"outlinks/members' in WHERE, note added elsewhere", "```dataview\nLIST FROM \"Lists\" WHERE length(file.outlinks) > 1\n```", map[string]string{"Other/New.md": "# New\n"}, 1},
	{"outlinks/rows.file.outlinks, note added elsewhere", "```dataview\nTABLE rows.file.outlinks FROM \"Lists\" GROUP BY level\n```", map[string]string{"Other/New.md": "# New\n"}, 1},
	{"outlinks/rows.file.outlinks, note added of an unresolved one's name", "```dataview\nTABLE rows.file.outlinks FROM \"Lists\" GROUP BY level\n```", map[string]string{"Other/Nowhere.md": "# Nowhere\n"}, 2},
	{"outlinks/FLATTEN file.outlinks, note added elsewhere", "```dataview\nTABLE o FROM \"Lists\" FLATTEN file.outlinks AS o\n```", map[string]string{"Other/New.md": "# New\n"}, 1},
	{"outlinks/FLATTEN file.outlinks, note added of an unresolved one's name", "```dataview\nTABLE o FROM \"Lists\" FLATTEN file.outlinks AS o\n```", map[string]string{"Other/Nowhere.md": "# Nowhere\n"}, 2},
	// The outlinks of a note that is no row of the query's sources (this
	// page, a note read through a link) are no member's print: a note
	// added anywhere may change them, so the page is rendered again.
	{"outlinks/this.file.outlinks, note added of an unresolved one's name", "See [[Nowhere]].\n\n`= this.file.outlinks`", map[string]string{"Other/Nowhere.md": "# Nowhere\n"}, 2},
	{"outlinks/this.file.outlinks, note added elsewhere", "See [[Nowhere]].\n\n```dataview\nLIST FROM \"Lists\" WHERE contains(this.file.outlinks, file.link)\n```", map[string]string{"Other/New.md": "# New\n"}, 2},
	{"outlinks/this.file.outlinks of a member, note added of an unresolved one's name", "See [[Nowhere]].\n\n```dataview\nTABLE this.file.outlinks AS O FROM \"\"\n```", map[string]string{"Other/Nowhere.md": "# Nowhere\n"}, 2},
	{"outlinks/a note's read through a link, note added of an unresolved one's name", "`= [[A]].file.outlinks`", map[string]string{"Other/Nowhere.md": "# Nowhere\n"}, 2},
	{"folder/note added elsewhere, whole rows", "```dataview\nTABLE length(rows) FROM \"Lists\" GROUP BY level\n```", map[string]string{"Other/New.md": "# New\n"}, 2},
	{"folder/note added elsewhere, this.file.name", "```dataview\nLIST FROM \"Lists\" WHERE file.name != this.file.name\n```", map[string]string{"Other/New.md": "# New\n"}, 1},
	{"folder/note added elsewhere, whole vault", "```dataview\nLIST WHERE level\n```", map[string]string{"Other/New.md": "# New\n"}, 2},
	{"tag/edit outside", "```dataview\nLIST FROM #monster\n```", map[string]string{"Other/Edited.md": "# Edited\n\nA note, saved.\n"}, 1},
	{"tag/gained", "```dataview\nLIST FROM #monster\n```", map[string]string{"Other/Edited.md": "---\ntags: [monster]\n---\n# Edited\n\nA note.\n"}, 2},
	{"tag/lost", "```dataview\nLIST FROM #monster\n```", map[string]string{"Lists/A.md": "---\nlevel: 1\n---\n# A\n\nText of A.\n"}, 2},
	{"tag/inline tag gained", "```dataview\nLIST FROM #monster\n```", map[string]string{"Other/Edited.md": "# Edited\n\nA note. #monster\n"}, 2},
	{"whole vault/edit", "```dataview\nLIST WHERE level\n```", map[string]string{"Other/Edited.md": "# Edited\n\nA note, saved.\n"}, 1}, // its level is still null
	{"whole vault/edit a field read", "```dataview\nLIST WHERE level\n```", map[string]string{"Other/Edited.md": "---\nlevel: 5\n---\n# Edited\n\nA note.\n"}, 2},
	{"not a folder/edit outside", "```dataview\nLIST FROM -\"Other\"\n```", map[string]string{"Other/Edited.md": "# Edited\n\nA note, saved.\n"}, 1},
	{"link/edit the note read", "Rank: `= [[Target]].rank`", map[string]string{"Other/Target.md": "---\naliases: [Goal]\nrank: 4\n---\n# Target\n\nThe target.\n"}, 2},
	{"link/edit outside", "Rank: `= [[Target]].rank`", map[string]string{"Other/Edited.md": "# Edited\n\nA note, saved.\n"}, 1},
	// link("Target") leads where it led: the alias is no name the query
	// resolved (parent's [[Goal]] is compared as written, not resolved).
	{"link/alias changed", "```dataview\nLIST FROM \"Lists\" WHERE contains(parent, link(\"Target\"))\n```",
		map[string]string{"Other/Target.md": "---\naliases: [Aim]\nrank: 3\n---\n# Target\n\nThe target.\n"}, 1},
	{"link/alias changed, the member's link shown", "```dataview\nTABLE parent FROM \"Lists\"\n```",
		map[string]string{"Other/Target.md": "---\naliases: [Aim]\nrank: 3\n---\n# Target\n\nThe target.\n"}, 2},
	{"link/title changed", "```dataview\nTABLE parent FROM \"Lists\"\n```",
		map[string]string{"Other/Target.md": "---\naliases: [Goal]\ntitle: Aim\nrank: 3\n---\n# Target\n\nThe target.\n"}, 1}, // a link shows the note's name, not its title
	{"link/this.file.link, edit outside", "```dataview\nLIST FROM \"Lists\" WHERE contains(parent, this.file.link)\n```", map[string]string{"Other/Edited.md": "# Edited\n\nA note, saved.\n"}, 1},
	{"link/fragment's heading renamed", "```dataview\nTABLE WITHOUT ID [[Target#Part]] AS T FROM \"Lists\"\n```",
		map[string]string{"Other/Target.md": "---\naliases: [Goal]\nrank: 3\n---\n# Target\n\nThe target.\n\n## Whole\n"}, 2},
	{"link/fragment, edit outside", "```dataview\nTABLE WITHOUT ID [[Target#Part]] AS T FROM \"Lists\"\n```", map[string]string{"Other/Edited.md": "# Edited\n\nA note, saved.\n"}, 2},
	{"clock/date(today)", "```dataview\nLIST FROM \"Lists\" WHERE date(today) > date(2000-01-01)\n```", map[string]string{"Other/Edited.md": "# Edited\n\nA note, saved.\n"}, 2},
	{"clock/date(\"today\")", "```dataview\nLIST FROM \"Lists\" WHERE date(\"today\") > date(2000-01-01)\n```", map[string]string{"Other/Edited.md": "# Edited\n\nA note, saved.\n"}, 2},
	{"file.inlinks", "```dataview\nTABLE file.inlinks FROM \"Lists\"\n```", map[string]string{"Other/Edited.md": "# Edited\n\nA note, saved.\n"}, 2},
	{"file.mtime", "```dataview\nTABLE file.mtime FROM \"Lists\"\n```", map[string]string{"Other/Edited.md": "# Edited\n\nA note, saved.\n"}, 2},
	{"file.size", "```dataview\nTABLE file.size FROM \"Lists\"\n```", map[string]string{"Other/Edited.md": "# Edited\n\nA note, saved.\n"}, 2},
	{"outgoing", "[[A]]\n\n```dataview\nLIST FROM outgoing([[]])\n```", map[string]string{"Other/Edited.md": "# Edited\n\nA note, saved.\n"}, 2},
	// What a query reads of a member (query.Deps.Member): an edit of
	// anything else of it leaves the page as it was.
	{"member/body text, TABLE level", tableLevel, map[string]string{"Lists/B.md": bWith("", "Text of B, saved.")}, 1},
	{"member/a field no clause reads", tableLevel, map[string]string{"Lists/B.md": bWith("color: red\n", "Text of B.")}, 1},
	{"member/the column's field", tableLevel, map[string]string{"Lists/B.md": strings.Replace(bWith("", "Text of B."), "level: 2", "level: 3", 1)}, 2},
	{"member/LIST's expression", "```dataview\nLIST level FROM \"Lists\"\n```", map[string]string{"Lists/B.md": strings.Replace(bWith("", "Text of B."), "level: 2", "level: 3", 1)}, 2},
	{"member/SORT's field", "```dataview\nLIST FROM \"Lists\" SORT rank DESC\n```", map[string]string{"Lists/B.md": bWith("rank: 5\n", "Text of B.")}, 2},
	{"member/SORT file.name, a field edited", "```dataview\nLIST FROM \"Lists\" SORT file.name DESC\n```", map[string]string{"Lists/B.md": bWith("rank: 5\n", "Text of B.")}, 1},
	{"member/GROUP BY's field", "```dataview\nTABLE rows.file.link FROM \"Lists\" GROUP BY kind\n```", map[string]string{"Lists/B.md": bWith("kind: big\n", "Text of B.")}, 2},
	{"member/GROUP BY, body text", "```dataview\nTABLE rows.file.link FROM \"Lists\" GROUP BY kind\n```", map[string]string{"Lists/B.md": bWith("", "Text of B, saved.")}, 1},
	{"member/length(rows) reads the rows whole", "```dataview\nTABLE length(rows) FROM \"Lists\" GROUP BY level\n```", map[string]string{"Lists/B.md": bWith("", "Text of B, saved.")}, 2},
	{"member/FLATTEN's field", "```dataview\nTABLE x FROM \"Lists\" FLATTEN items AS x\n```", map[string]string{"Lists/B.md": bWith("items: [1, 2]\n", "Text of B.")}, 2},
	{"member/inline field read", "```dataview\nTABLE hp FROM \"Lists\"\n```", map[string]string{"Lists/B.md": bWith("", "Text of B.\n\nhp:: 7")}, 2},
	{"member/inline field not read", "```dataview\nTABLE hp FROM \"Lists\"\n```", map[string]string{"Lists/B.md": bWith("", "Text of B.\n\nac:: 7")}, 1},
	{"member/file.tags, inline tag", "```dataview\nTABLE file.tags FROM \"Lists\"\n```", map[string]string{"Lists/B.md": bWith("", "Text of B. #extra")}, 2},
	{"member/file.tags, body text", "```dataview\nTABLE file.tags FROM \"Lists\"\n```", map[string]string{"Lists/B.md": bWith("", "Text of B, saved.")}, 1},
	{"member/file.link, a field edited", "```dataview\nTABLE file.link FROM \"Lists\"\n```", map[string]string{"Lists/B.md": bWith("rank: 5\n", "Text of B.")}, 1},
	{"member/file.outlinks, a link added", "```dataview\nTABLE file.outlinks FROM \"Lists\"\n```", map[string]string{"Lists/B.md": bWith("", "Text of B, see [[Edited]].")}, 2},
	{"member/file.frontmatter, any field", "```dataview\nTABLE file.frontmatter FROM \"Lists\"\n```", map[string]string{"Lists/B.md": bWith("color: red\n", "Text of B.")}, 2},
	{"member/file whole", "```dataview\nTABLE length(file) FROM \"Lists\"\n```", map[string]string{"Lists/B.md": bWith("color: red\n", "Text of B.")}, 2},
	{"member/row.level, body text", "```dataview\nTABLE row.level FROM \"Lists\"\n```", map[string]string{"Lists/B.md": bWith("", "Text of B, saved.")}, 1},
	{"member/row.level, edited", "```dataview\nTABLE row.level FROM \"Lists\"\n```", map[string]string{"Lists/B.md": strings.Replace(bWith("", "Text of B."), "level: 2", "level: 3", 1)}, 2},
	{"member/row[expr] reads everything", "```dataview\nLIST FROM \"Lists\" WHERE row[this.file.name] = 1\n```", map[string]string{"Lists/B.md": bWith("", "Text of B, saved.")}, 2},
	// An element of a field (Thellade-World's location[0], in 49 pages'
	// queries): the field is read whole, and what the index reads; only a
	// row indexed by what it computes reads everything.
	{"member/an element of a field, the field gained", "```dataview\nTABLE items[0] FROM \"Lists\"\n```", map[string]string{"Lists/B.md": bWith("items: [1, 2]\n", "Text of B.")}, 2},
	{"member/an element of a field, a field not read", "```dataview\nTABLE items[0] FROM \"Lists\"\n```", map[string]string{"Lists/B.md": bWith("color: red\n", "Text of B, saved.")}, 1},
	{"member/an element of a field, the field", "```dataview\nTABLE items[0] FROM \"Lists\"\n```", map[string]string{"Lists/A.md": "---\nlevel: 1\ntags: [monster]\nparent: \"[[Goal]]\"\nitems: [3]\n---\n# A\n\nText of A.\n"}, 2},
	{"member/an element by a field, the index's field", "```dataview\nTABLE parent[level] FROM \"Lists\"\n```", map[string]string{"Lists/B.md": strings.Replace(bWith("", "Text of B."), "level: 2", "level: 0", 1)}, 2},
	{"member/an element by a field, body text", "```dataview\nTABLE parent[level] FROM \"Lists\"\n```", map[string]string{"Lists/B.md": bWith("", "Text of B, saved.")}, 1},
	{"member/a lambda reads everything", "```dataview\nLIST FROM \"Lists\" WHERE length(filter(file.etags, (t) => t = \"#beast\")) > 0\n```", map[string]string{"Lists/B.md": bWith("", "Text of B, saved.")}, 2},
	{"member/a field of this", "```dataview\nLIST FROM \"Lists\" WHERE level != this.level\n```", map[string]string{"Lists/B.md": bWith("", "Text of B, saved.")}, 1},
	{"member/a member's own field named this", "```dataview\nLIST FROM \"Lists\" WHERE this.level\n```", map[string]string{"Lists/B.md": bWith("this:\n  level: 1\n", "Text of B.")}, 2},
	{"member/TASK reads its notes' tasks", "```dataview\nTASK FROM \"Lists\"\n```", map[string]string{"Lists/B.md": bWith("", "- [ ] a task")}, 2},
	{"member/dataviewjs: a notice, run nothing", "```dataviewjs\ndv.list(dv.pages('\"Lists\"').file.name)\n```", map[string]string{"Lists/B.md": bWith("", "Text of B, saved.")}, 1},
	{"base view", "```base\nviews:\n  - type: table\n    name: All\n```", map[string]string{"Other/Edited.md": "# Edited\n\nA note, saved.\n"}, 2},
}

// TestCachedBuildQueries: a page whose Dataview queries ran is kept by
// the build cache while what they read is unchanged, and rendered again
// when it changed or cannot be vouched for (queryCases); every build's
// output is byte for byte a build's without a cache (cacheRun.build).
func TestCachedBuildQueries(t *testing.T) {
	counts := regexp.MustCompile(`^build cache: (\d+) of (\d+) pages' text reused`)
	for _, tc := range queryCases {
		t.Run(tc.name, func(t *testing.T) {
			r := newCacheRun(t, queryVault(tc.query))
			r.build(t)
			edit(t, r.opts.Source, maps.Clone(tc.edits))
			res := r.build(t)
			m := counts.FindStringSubmatch(res.Cache)
			if m == nil {
				t.Fatalf("Cache = %q, want a build from the cache", res.Cache)
			}
			reused, _ := strconv.Atoi(m[1])
			asked, _ := strconv.Atoi(m[2])
			if got := asked - reused; got != tc.rendered {
				t.Errorf("%d pages rendered again (%s), want %d", got, res.Cache, tc.rendered)
			}
		})
	}
}

// TestUpdateQueries: the same saves as serve's Updates (queryCases),
// each of whose output is a clean build's byte for byte
// (updateRun.update), rendering again the same pages: a query page only
// when a note saved was or is a member of a source it scanned, a note
// it read through a link changed, names may resolve otherwise, or it
// read what no note holds. With cached, serve starts from a build that
// took the query page from the build cache.
func TestUpdateQueries(t *testing.T) {
	for _, tc := range queryCases {
		for _, cached := range []bool{false, true} {
			t.Run(tc.name+"/cached="+strconv.FormatBool(cached), func(t *testing.T) {
				src := t.TempDir()
				sitetest.WriteFiles(t, src, queryVault(tc.query))
				opts := content.Options{Source: src, Theme: theme, BrokenLinks: "warn"}
				if cached {
					opts.CacheDir, opts.ReuseBuild = t.TempDir(), true
					opts.Dest = filepath.Join(t.TempDir(), "out")
					res, err := Build(context.Background(), opts)
					if err != nil {
						t.Fatal(err)
					}
					res.Cleanup()
				}
				r := startUpdates(t, opts, true)
				u := r.update(t, maps.Clone(tc.edits))
				if u.Rendered != tc.rendered {
					t.Errorf("Update rendered %d pages, want %d", u.Rendered, tc.rendered)
				}
			})
		}
	}
}

// TestCachedBuildQueriesChain: a query page kept through several builds
// (its record's prints made in the first) is rendered again when what
// it reads changes later: a source's print is made anew whenever the
// model's structure or a member's file changed since the build before
// (cachedQuery.Files), so a print skipped in one build is never compared
// against a model it was not made in. Each build's output is a clean
// build's (cacheRun.build).
func TestCachedBuildQueriesChain(t *testing.T) {
	counts := regexp.MustCompile(`^build cache: (\d+) of (\d+) pages' text reused`)
	steps := []struct {
		edits    map[string]string
		rendered int
	}{
		{map[string]string{"Other/New.md": "# New\n"}, 1},                             // kept: names changed, prints made
		{map[string]string{"Other/Edited.md": "# Edited\n\nA note, saved.\n"}, 1},     // kept: prints not made again
		{map[string]string{"Other/Edited.md": "# Edited\n\nSaved again.\n"}, 1},       // kept
		{map[string]string{"Other/Nowhere.md": "# Nowhere\n"}, 2},                     // A's [[Nowhere]] resolves now
		{map[string]string{"Other/Deep/Goal.md": "# Goal\n"}, 2},                      // A's [[Goal]] leads to it, not to Target's alias
		{map[string]string{"Lists/B.md": bWith("", "Text of B, see [[Edited]].")}, 2}, // a member's outlink added
		{map[string]string{"Other/Other.md": "# Other\n"}, 1},                         // kept again
	}
	r := newCacheRun(t, queryVault(outlinksQuery))
	r.build(t)
	for i, st := range steps {
		edit(t, r.opts.Source, maps.Clone(st.edits))
		res := r.build(t)
		m := counts.FindStringSubmatch(res.Cache)
		if m == nil {
			t.Fatalf("step %d: Cache = %q, want a build from the cache", i, res.Cache)
		}
		reused, _ := strconv.Atoi(m[1])
		asked, _ := strconv.Atoi(m[2])
		if got := asked - reused; got != st.rendered {
			t.Errorf("step %d: %d pages rendered again (%s), want %d", i, got, res.Cache, st.rendered)
		}
	}
}
