package markup

import "slices"

// lineIndex converts byte offsets in a source file into line and column.
type lineIndex []int // byte offset of the start of each line

func newLineIndex(src []byte) lineIndex {
	idx := lineIndex{0}
	for i, c := range src {
		if c == '\n' {
			idx = append(idx, i+1)
		}
	}
	return idx
}

// pos returns the 1-based line and column (in bytes) of offset off.
func (li lineIndex) pos(off int) (line, col int) {
	if off < 0 {
		return 0, 0
	}
	i, found := slices.BinarySearch(li, off)
	if !found {
		i--
	}
	return i + 1, off - li[i] + 1
}
