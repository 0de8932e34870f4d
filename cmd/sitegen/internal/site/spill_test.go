package site

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// TestSpillRoundTrip: texts put from many goroutines read back as they
// were, each apart, and an empty text is never spilled.
func TestSpillRoundTrip(t *testing.T) {
	sp := newSpill(t.TempDir())
	if sp == nil {
		t.Fatal("no spill file")
	}
	defer sp.close()
	texts := make([]string, 64)
	for i := range texts {
		texts[i] = strings.Repeat(fmt.Sprintf("<p>page %d é</p>", i), i*37+1)
	}
	spans := make([]span, len(texts))
	var wg sync.WaitGroup
	for i := range texts {
		wg.Go(func() {
			at, ok := sp.put(texts[i])
			if !ok {
				t.Errorf("text %d not spilled", i)
			}
			spans[i] = at
		})
	}
	wg.Wait()
	for i := len(texts) - 1; i >= 0; i-- {
		got, err := sp.get(spans[i])
		if err != nil || got != texts[i] {
			t.Errorf("text %d read back as %d bytes (err %v), want %d", i, len(got), err, len(texts[i]))
		}
	}
	if _, ok := sp.put(""); ok {
		t.Error("an empty text was spilled")
	}
}
