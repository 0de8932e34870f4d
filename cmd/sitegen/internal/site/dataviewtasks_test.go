package site

import (
	"strconv"
	"strings"
	"testing"
)

// TestDataviewTasks: TASK queries list the tasks of the notes they
// select, as Dataview does (https://blacksmithgu.github.io/obsidian-dataview/queries/query-types/#task):
// "TASK queries operate at the file.tasks level", "Data Commands are
// executed on task level, making implicit fields on tasks directly
// available" (completed, fullyCompleted, tags, status), "A common use
// case for tasks is to group tasks by their originating file … GROUP BY
// file.link", and "Child tasks belong to their parent task and are not
// counted separately". A task is drawn with the items under it (its
// children, task-view.tsx), once; a task whose brackets hold another
// character ("[-]") is checked but not completed (markdown-file.ts:
// "completed: rawElement.task == 'X' || rawElement.task == 'x'"). Lists
// in code blocks and front matter are no tasks; an unpublished note's
// tasks are not shown. Nisgames/Dalelands writes 20 TASK queries.
func TestDataviewTasks(t *testing.T) {
	_, _, err, out := buildVault(t, map[string]string{
		".obsidian/app.json":               "{}",
		".obsidian/community-plugins.json": `["dataview"]`,
		"Quests/Mill.md": "---\ntags:\n  - plot\n---\n# Mill\n\n## Open\n\n- [ ] Find the miller #loc/Mill [due:: 2024-05-01]\n" +
			"\t- [x] Ask the baker\n\t- [ ] Search the river\n\t\t- a note about the river\n- [x] Pay the guard\n- plain item\n- [-] Cancelled lead\n",
		"Quests/Keep.md":    "# Keep\n\n- [ ] Storm the keep before [[Mill]]\n\n```\n- [ ] not a task\n```\n",
		"Private/Secret.md": "---\npublish: false\n---\n- [ ] SECRET task\n",
		"Index.md": "# Index\n\n```dataview\nTASK\nFROM \"Quests\"\nWHERE !completed\n```\n\n" +
			"```dataview\nTASK\nFROM \"Quests\"\nWHERE !fullyCompleted\nGROUP BY file.link\n```\n\n" +
			"```dataview\nTASK\nWHERE contains(tags, \"#loc/Mill\") AND due = date(\"2024-05-01\")\n```\n\n" +
			"```dataview\nTASK\nFROM \"Nowhere\"\n```\n\n" +
			"```dataview\nTABLE length(file.tasks) AS Tasks, length(file.lists) AS Items, length(filter(file.tasks, (t) => !t.completed)) AS Open FROM \"Quests\"\n```\n",
	})
	if err != nil {
		t.Fatal(err)
	}
	index := out["index/index.html"]
	blocks := strings.Split(index, `<div class="dv-result dv-tasks">`)
	if len(blocks) != 4 {
		t.Fatalf("%d task results, want 3:\n%s", len(blocks)-1, index)
	}
	end := func(s string) string { s, _, _ = strings.Cut(s, "</div>"); return s }
	open, grouped, tagged := end(blocks[1]), end(blocks[2]), end(blocks[3])
	type check struct {
		name, html string
		want, not  []string
	}
	for _, c := range []check{
		{"WHERE !completed", open, []string{
			`<li class="task-list-item" data-task=" "><input type="checkbox" class="task-list-item-checkbox" disabled> Storm the keep before <a class="wikilink" href="/quests/mill/">Mill</a>`,
			"Find the miller",
			// Its children: the completed one too, the river once, under it.
			`<li class="task-list-item is-checked" data-task="x"><input type="checkbox" class="task-list-item-checkbox" disabled checked> Ask the baker`,
			`<li class="task-list-basic-item">a note about the river`,
			`<li class="task-list-item is-checked" data-task="-"><input type="checkbox" class="task-list-item-checkbox" disabled checked> Cancelled lead`,
		}, []string{"Pay the guard", "plain item", "not a task", "SECRET", "plot"}},
		{"GROUP BY file.link", grouped, []string{
			`<h4><a class="wikilink" href="/quests/keep/">Keep</a> <span class="dv-count">1</span></h4>`,
			`<h4><a class="wikilink" href="/quests/mill/">Mill</a> <span class="dv-count">2</span></h4>`,
			"Find the miller", "Cancelled lead",
		}, []string{"Pay the guard"}},
		{"a task's own tags and fields", tagged, []string{"Find the miller"}, []string{"Storm the keep", "Cancelled lead"}},
	} {
		for _, w := range c.want {
			if !strings.Contains(c.html, w) {
				t.Errorf("%s: no %q in\n%s", c.name, w, c.html)
			}
		}
		for _, n := range c.not {
			if strings.Contains(c.html, n) {
				t.Errorf("%s: %q in\n%s", c.name, n, c.html)
			}
		}
	}
	if strings.Count(open, "Search the river") != 1 {
		t.Errorf("a task under another task of the result is shown %d times, want once:\n%s", strings.Count(open, "Search the river"), open)
	}
	// "file.tasks: A list of all tasks … in this file", "file.lists: A
	// list of all list elements in the file (including tasks)"
	// (https://blacksmithgu.github.io/obsidian-dataview/annotation/metadata-pages/).
	for _, w := range []string{
		`<a class="wikilink" href="/quests/keep/">Keep</a></td><td>1</td><td>1</td><td>1</td>`,
		`<a class="wikilink" href="/quests/mill/">Mill</a></td><td>5</td><td>7</td><td>3</td>`,
	} {
		if !strings.Contains(index, w) {
			t.Errorf("file.tasks, file.lists: no %q in\n%s", w, index)
		}
	}
	if !strings.Contains(index, "No results to show for task query.") {
		t.Error("an empty TASK query says nothing")
	}
}

// TestDataCards: the DataCards plugin's block holds a Dataview query,
// its settings after "// Settings" ("Create a code block with the
// datacards language and write a Dataview query", "add them after your
// query: // Settings", github.com/Sophokles187/data-cards); with the
// plugin and Dataview enabled sitegen shows the query's result (a table;
// the plugin draws its rows as cards), not the block as code.
// Lopezp51/loreholders' home page is one such block.
func TestDataCards(t *testing.T) {
	files := map[string]string{
		".obsidian/app.json":                         "{}",
		".obsidian/community-plugins.json":           `["dataview", "data-cards"]`,
		".obsidian/plugins/data-cards/manifest.json": `{"id": "data-cards", "name": "DataCards"}`,
		".obsidian/plugins/data-cards/main.js":       `class P{onload(){this.registerMarkdownCodeBlockProcessor("datacards",(s,e)=>{})}}`,
		"Campaigns/Strahd.md":                        "---\ntags: [campaign]\nstatus: open\n---\n# Strahd\n",
		"Campaigns/Portal.md":                        "---\ntags: [campaign]\nstatus: done\n---\n# Portal\n",
		"Home.md":                                    "# Home\n\n```datacards\nTABLE status FROM #campaign\nSORT file.name ASC\n\n// Settings\npreset: square\ncolumns: 5\n```\n",
	}
	_, res, err, out := buildVault(t, files)
	if err != nil {
		t.Fatal(err)
	}
	home := out["home/index.html"]
	for _, w := range []string{`<a class="wikilink" href="/campaigns/portal/">Portal</a></td><td>done</td>`, `<a class="wikilink" href="/campaigns/strahd/">Strahd</a></td><td>open</td>`} {
		if !strings.Contains(home, w) {
			t.Errorf("no %q in\n%s", w, home)
		}
	}
	for _, n := range []string{"preset: square", "TABLE status"} {
		if strings.Contains(home, n) {
			t.Errorf("%q shown", n)
		}
	}
	for _, w := range res.WarningList {
		if strings.Contains(w.String(), "datacards") {
			t.Errorf("warning: %s", w)
		}
	}
	// Without the plugin enabled the block is code, as Obsidian shows it.
	files[".obsidian/community-plugins.json"] = `["dataview"]`
	if _, _, err, out = buildVault(t, files); err != nil {
		t.Fatal(err)
	} else if !strings.Contains(out["home/index.html"], "TABLE status FROM #campaign") {
		t.Error("a datacards block without the plugin is not shown as code")
	}
}

// TestDataCardsImages: "Specify which property contains the image using
// the imageProperty setting"; the property may hold a URL, a file path,
// a wiki link or a Markdown image link (DataCards, docs/features/images.md,
// github.com/Sophokles187/data-cards). The plugin shows it as the card's
// picture; sitegen's table shows it as a picture in its cell, not as a
// link to the file or its text. Other columns keep their links.
func TestDataCardsImages(t *testing.T) {
	files := map[string]string{
		".obsidian/app.json":                         "{}",
		".obsidian/community-plugins.json":           `["dataview", "data-cards"]`,
		".obsidian/plugins/data-cards/manifest.json": `{"id": "data-cards", "name": "DataCards"}`,
		".obsidian/plugins/data-cards/main.js":       `class P{onload(){this.registerMarkdownCodeBlockProcessor("datacards",(s,e)=>{})}}`,
		"art/strahd.png":                             "png",
		"art/portal.png":                             "png",
		"art/ship.png":                               "png",
		"NPCs/Strahd.md":                             "---\ntags: [npc]\ncover: \"[[art/strahd.png]]\"\n---\n# Strahd\n",
		"NPCs/Portal.md":                             "---\ntags: [npc]\ncover: art/portal.png\n---\n# Portal\n",
		"NPCs/Ship.md":                               "---\ntags: [npc]\ncover: \"![Ship](art/ship.png)\"\n---\n# Ship\n",
		"NPCs/Web.md":                                "---\ntags: [npc]\ncover: https://example.org/web.png\n---\n# Web\n",
		"Home.md":                                    "# Home\n\n```datacards\nTABLE cover FROM #npc\nSORT file.name ASC\n\n// Settings\npreset: portrait\nimageProperty: cover\n```\n\n```dataview\nTABLE cover FROM #npc\nSORT file.name ASC\n```\n",
	}
	_, _, err, out := buildVault(t, files)
	if err != nil {
		t.Fatal(err)
	}
	home := out["home/index.html"]
	cards, plain, _ := strings.Cut(home, "</table>")
	for _, w := range []string{`<td><img src="/art/portal.png"`, `<td><img src="/art/ship.png"`, `<td><img src="/art/strahd.png"`, `<td><img src="https://example.org/web.png"`} {
		if !strings.Contains(cards, w) {
			t.Errorf("datacards: no %q in\n%s", w, cards)
		}
	}
	if strings.Contains(cards, `<a href="/art/`) {
		t.Errorf("datacards: the image property is a link:\n%s", cards)
	}
	// A plain Dataview table of the same property keeps it as Dataview
	// shows it: a link, not a picture.
	if !strings.Contains(plain, `<a href="/art/strahd.png">`) {
		t.Errorf("dataview: no link to the picture in\n%s", plain)
	}
}

// TestDataviewTasksTooDeep: the task view draws each task with the items
// under it (task-view.tsx); sitegen bounds the nesting it draws (33
// levels). Items below that bound are not drawn, and the build says so
// at the query, naming the first item left out (file:line), never
// dropping them without a word.
func TestDataviewTasksTooDeep(t *testing.T) {
	var deep strings.Builder
	deep.WriteString("# Deep\n\n")
	for i := range 36 {
		deep.WriteString(strings.Repeat("\t", i) + "- [ ] level " + strconv.Itoa(i) + "\n")
	}
	_, res, err, out := buildVault(t, map[string]string{
		".obsidian/app.json":               "{}",
		".obsidian/community-plugins.json": `["dataview"]`,
		"Deep.md":                          deep.String(),
		"Index.md":                         "# Index\n\n```dataview\nTASK FROM \"Deep\"\n```\n",
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out["index/index.html"], "level 32") || strings.Contains(out["index/index.html"], "level 33<") {
		t.Errorf("levels drawn: want up to the bound only:\n%s", out["index/index.html"])
	}
	var got []string
	for _, w := range res.WarningList {
		if strings.Contains(w.String(), "nested") {
			got = append(got, w.String())
		}
	}
	want := "dataview block: 3 task list items nested deeper than 33 levels are not shown, the first at Deep.md:36"
	if len(got) != 1 || !strings.HasSuffix(got[0], want) || !strings.Contains(got[0], "Index.md:") {
		t.Errorf("warnings %q, want one ending %q", got, want)
	}
}

// TestTasksPluginVault: a vault whose community plugins list the Tasks
// plugin (obsidian-tasks-plugin) draws its task lines as the plugin does
// in Reading View (markup TestTasksPlugin); one that does not leaves them
// as written.
func TestTasksPluginVault(t *testing.T) {
	for _, tc := range []struct {
		plugins string
		want    string
	}{
		{`["obsidian-tasks-plugin"]`, `Pay the ferryman <span class="task-priority" data-task-priority="high">⏫</span> <span class="task-due">📅 2024-05-01</span>`},
		{`["dataview"]`, `Pay the ferryman 📅 2024-05-01 ⏫`},
	} {
		_, _, err, out := buildVault(t, map[string]string{
			".obsidian/app.json":               "{}",
			".obsidian/community-plugins.json": tc.plugins,
			"Quest.md":                         "# Quest\n\n- [ ] Pay the ferryman 📅 2024-05-01 ⏫\n",
		})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out["quest/index.html"], tc.want) {
			t.Errorf("%s: no %q in\n%s", tc.plugins, tc.want, out["quest/index.html"])
		}
	}
}
