package markup

import (
	"strings"
	"testing"
)

// TestTasksPlugin: "In rendered queries and Reading View, the Tasks
// plugin adds detailed CSS classes and data attributes" to each
// component of a task line (docs/advanced/styling.md of
// obsidian-tasks-group/obsidian-tasks), and draws the description first,
// then the components it reads at the line's end in its own order
// (priority, recurrence, created, start, scheduled, due, cancelled,
// done: the Tasks Emoji Format, docs/Reference/Task Formats/Tasks Emoji
// Format.md). Without the plugin enabled the line is text, as written.
func TestTasksPlugin(t *testing.T) {
	src := "- [ ] Pay the ferryman 📅 2024-05-01 ⏫ 🔁 every week ➕ 2024-04-01\n" +
		"- [x] Find the map ✅ 2024-04-03 ⏳ 2024-04-02\n" +
		"- [ ] A 📅 in the middle of the text\n" +
		"- plain item 📅 2024-05-01\n"
	on := Options{Obsidian: true, Dialects: Dialects{TasksPlugin: true}}
	out, _, _ := convert(t, on, src, Page{})
	for _, w := range []string{
		`Pay the ferryman <span class="task-priority" data-task-priority="high">⏫</span> <span class="task-recurring">🔁 every week</span> <span class="task-created">➕ 2024-04-01</span> <span class="task-due">📅 2024-05-01</span></li>`,
		`Find the map <span class="task-scheduled">⏳ 2024-04-02</span> <span class="task-done">✅ 2024-04-03</span></li>`,
		`A 📅 in the middle of the text</li>`,
		`plain item 📅 2024-05-01</li>`,
	} {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in\n%s", w, out)
		}
	}
	off, _, _ := convert(t, Options{Obsidian: true}, src, Page{})
	if strings.Contains(off, "task-due") || !strings.Contains(off, "Pay the ferryman 📅 2024-05-01 ⏫ 🔁 every week ➕ 2024-04-01") {
		t.Errorf("without the plugin the line is not text as written:\n%s", off)
	}
}
