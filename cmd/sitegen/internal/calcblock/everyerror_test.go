package calcblock_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/markup"
)

// TestEveryErrorOfABlock is issue 22: every error of a ```calc or ```dice
// block is reported, each at its own line and column (only the first
// was, though the README says every error is listed).
func TestEveryErrorOfABlock(t *testing.T) {
	tests := []struct {
		name, page string
		want       []string // "line:col: part of the message", in order
	}{
		{"calc: a bad line, an unknown field, two bad values",
			"# P\n\n```calc opend6/attack\nskill 4D\nsword = 3D\ndamage = 3D+5\nactions = 0\n```\n",
			[]string{"4:1: field = value", "5:1: sword", "6:1: damage", "7:1: actions"}},
		{"calc: set twice and a bad value",
			"```calc opend6/attack\nskill = 4D\nskill = 5D\ndamage = x\n```\n",
			[]string{"3:1: twice", "4:1: damage"}},
		{"calc: two unknown fields",
			"```calc opend6/attack\nsword = 1\nshield = 2\n```\n",
			[]string{"3:1: shield", "2:1: sword"}},
		{"dice: three bad lines among good ones",
			"# P\n\n```dice\n3d6\n4d6kh\nAdvantage: 2d20kh1\nd6!>=1\n2d6; d4\n```\n",
			[]string{"5:6: ", "7:3: explode on 2 or more", "8:4: one expression a line"}},
	}
	m := markup.New(markup.Options{Handlers: buildcmd.Handlers()})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			m.Parse([]byte(tc.page), &markup.Page{File: "content/p.md", URL: "/p/", Report: func(p markup.Problem) {
				got = append(got, fmt.Sprintf("%d:%d: %s", p.Line, p.Col, p.Msg))
			}})
			slices.Sort(got)
			want := slices.Sorted(slices.Values(tc.want))
			if len(got) != len(want) {
				t.Fatalf("got %d problems %q, want %d", len(got), got, len(want))
			}
			for i := range want {
				pos, msg, _ := strings.Cut(want[i], ": ")
				if !strings.HasPrefix(got[i], pos+": ") || !strings.Contains(got[i], msg) {
					t.Errorf("problem %q, want %q", got[i], want[i])
				}
			}
		})
	}
}
