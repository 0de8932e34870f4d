package tableblock

import (
	"context"
	"strings"
	"testing"

	"d6codex/calc/systems"
	"d6codex/templates"
)

// TestTablesLeadWithNames renders every rules table and checks that rows
// lead with the names players read, and that the internal ids (pistol_smg)
// the calculators use are not shown at all (issue 34, item 11: an "id"
// column in 8 roll-under tables and in search snippets).
func TestTablesLeadWithNames(t *testing.T) {
	h := New(systems.New())
	withIDs := 0
	for _, id := range h.IDs() {
		t.Run(id, func(t *testing.T) {
			tbl := h.tables[id]
			var b strings.Builder
			if err := templates.RulesTable(tableView(id, tbl)).Render(context.Background(), &b); err != nil {
				t.Fatal(err)
			}
			html := b.String()
			if tbl.Columns[0] != "id" {
				return
			}
			if strings.Contains(html, `<th scope="col">id</th>`) {
				t.Errorf("%s: the table shows its id column", id)
			}
			withIDs++
			for _, r := range tbl.Rows {
				if r[0] != r[1] && strings.Contains(r[0], "_") && strings.Contains(html, ">"+r[0]+"<") {
					t.Errorf("%s: the internal id %q is shown", id, r[0])
				}
				if !strings.Contains(html, `<th scope="row">`+r[1]+`</th>`) {
					t.Errorf("%s: row %q does not lead with its name %q", id, r[0], r[1])
				}
			}
		})
	}
	if withIDs == 0 {
		t.Error("no table has an id column: the test checks nothing")
	}
}
