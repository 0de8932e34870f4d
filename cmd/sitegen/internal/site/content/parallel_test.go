package content

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// TestParallel: every index is called once, whatever the number of
// workers, and the calls of one worker run one after the other.
func TestParallel(t *testing.T) {
	for _, tc := range []struct{ n, workers int }{{0, 2}, {1, 4}, {7, 1}, {50, 2}, {50, 8}, {3, 8}} {
		calls := make([]atomic.Int32, tc.n)
		var running, most atomic.Int32
		err := Parallel(context.Background(), tc.n, tc.workers, func(i int) {
			r := running.Add(1)
			for m := most.Load(); r > m && !most.CompareAndSwap(m, r); m = most.Load() {
			}
			calls[i].Add(1)
			time.Sleep(time.Millisecond)
			running.Add(-1)
		})
		if err != nil {
			t.Fatalf("n=%d workers=%d: %v", tc.n, tc.workers, err)
		}
		for i := range calls {
			if c := calls[i].Load(); c != 1 {
				t.Errorf("n=%d workers=%d: fn(%d) called %d times, want 1", tc.n, tc.workers, i, c)
			}
		}
		if m := int(most.Load()); m > tc.workers {
			t.Errorf("n=%d workers=%d: %d calls at once", tc.n, tc.workers, m)
		}
	}
}

// TestParallelCancel: once the context is cancelled Parallel returns at
// once with its error, without waiting for the call under way, which
// runs on to its end; no call starts after it.
func TestParallelCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	release, ended := make(chan struct{}), make(chan struct{})
	var started atomic.Int32
	returned := make(chan error)
	go func() {
		returned <- Parallel(ctx, 10, 1, func(i int) {
			if started.Add(1) == 1 {
				cancel()
				<-release // a call that cannot be cut short
				close(ended)
			}
		})
	}()
	select {
	case err := <-returned:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want the cancellation", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Parallel waited for the call under way")
	}
	close(release)
	<-ended
	time.Sleep(10 * time.Millisecond)
	if n := started.Load(); n != 1 {
		t.Errorf("%d calls started, want 1 (none after the cancellation)", n)
	}
}
