package markup

import "testing"

func TestLineIndex(t *testing.T) {
	li := newLineIndex([]byte("ab\ncde\n\nf"))
	tests := []struct{ off, line, col int }{{0, 1, 1}, {1, 1, 2}, {3, 2, 1}, {5, 2, 3}, {7, 3, 1}, {8, 4, 1}}
	for _, tt := range tests {
		if l, c := li.pos(tt.off); l != tt.line || c != tt.col {
			t.Errorf("pos(%d) = %d:%d, want %d:%d", tt.off, l, c, tt.line, tt.col)
		}
	}
}
