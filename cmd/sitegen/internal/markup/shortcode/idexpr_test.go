package shortcode

import (
	"bytes"
	"testing"

	"github.com/yuin/goldmark"
)

// TestIDExpr checks the id expressions of shortcode templates against
// Hugo's functions as documented (https://gohugo.io/functions/): "lower:
// Returns the given string, converting all characters to lowercase";
// "replace INPUT OLD NEW [LIMIT]: Returns a copy of INPUT, replacing all
// occurrences of OLD with NEW"; printf "Formats a string using the
// standard fmt.Sprintf function"; a pipe passes its value as the last
// argument of the next command (https://pkg.go.dev/text/template#hdr-Pipelines).
func TestIDExpr(t *testing.T) {
	c, _ := parseCall([]byte(`{{< skill "Pos One" name="Ore Refinement" Level=3 >}}`))
	tests := []struct {
		expr, want string
		ok         bool
	}{
		{`print "" (replace (lower (.Get "name")) " " "-") ""`, "ore-refinement", true},
		{`printf "skill-%s" (replace (lower (.Get "name")) " " "-")`, "skill-ore-refinement", true},
		{`print "npc-" (.Get 0 | lower) ""`, "npc-pos one", true},
		{`.Get "name" | upper | replace " " "_"`, " ", true}, // the piped value is NEW: replace " " "_" "ORE REFINEMENT"
		{`.Get "name" | strings.ToUpper`, "ORE REFINEMENT", true},
		{`replace (.Get "name") "e" "E" 1`, "OrE Refinement", true},
		{`print (.Get "level")`, "3", true},
		{`.Get "name" | urlize`, "u:Ore Refinement", true}, // the site's urlize
		{`printf "a-%s" (.Get "name" | anchorize)`, "a-ore-refinement", true},
		{`printf "%d-x" (.Get "name")`, "", false}, // only %s and %v
		{`print "static"`, "", false},              // no argument read
		{`lower (.Get "name"`, "", false},
	}
	for _, tt := range tests {
		x, ok := parseID(tt.expr)
		got := ""
		if ok {
			got, ok = x.eval(c, func(s string) string { return "u:" + s })
		}
		if ok != tt.ok || got != tt.want {
			t.Errorf("%s = %q, %v; want %q, %v", tt.expr, got, ok, tt.want, tt.ok)
		}
	}
}

// TestAnchors: a shortcode whose template's id is an id expression
// (Extension.Anchors) is a block with that id, titled with the argument
// the id is made from, holding its content when it is paired ("Inner:
// Returns the content between opening and closing shortcode tags,
// applicable when the shortcode call includes a closing tag",
// https://gohugo.io/methods/shortcode/inner/).
func TestAnchors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"paired", "{{< item name=\"Mana Dust\" >}}\nFine *dust*.\n{{< /item >}}\nafter\n",
			"<div class=\"shortcode-anchor\" id=\"mana-dust\">\n<p class=\"shortcode-title\"><strong>Mana Dust</strong></p>\n<p>Fine <em>dust</em>.</p>\n</div>\n<p>after</p>\n"},
		{"alone", "{{< item name=\"Coal\" />}}\nafter\n",
			"<div class=\"shortcode-anchor\" id=\"coal\">\n<p class=\"shortcode-title\"><strong>Coal</strong></p>\n</div>\n<p>after</p>\n"},
		{"no name: no anchor", "{{< item >}}\n\nafter\n", "<p>after</p>\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			md := goldmark.New(goldmark.WithExtensions(Extension{Anchors: map[string]string{"item": `replace (lower (.Get "name")) " " "-"`}}))
			var b bytes.Buffer
			if err := md.Convert([]byte(tt.src), &b); err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Errorf("html\n%s\nwant\n%s", b.String(), tt.want)
			}
		})
	}
}
