package markup

import (
	"bytes"
	"encoding/gob"
	"errors"
	"slices"
)

// previewWire is a PreviewIndex as a build cache stores it (see
// PreviewIndex.GobEncode).
type previewWire struct {
	Starts   []int32
	Levels   []int8
	IDs      []string
	IDAt     []int32
	Excerpts []string
	ExAt     []int32
	Inner    []string
	InnerP   []Preview
}

// GobEncode implements gob.GobEncoder, so that a build cache can keep a
// page's index between builds (site's buildcache.go).
func (x *PreviewIndex) GobEncode() ([]byte, error) {
	w := previewWire{Starts: x.starts, Levels: x.levels}
	for _, b := range x.ids {
		w.IDs, w.IDAt = append(w.IDs, b.id), append(w.IDAt, b.i)
	}
	for _, e := range x.excerpts {
		w.Excerpts, w.ExAt = append(w.Excerpts, e.text), append(w.ExAt, e.i)
	}
	for _, in := range x.inner {
		w.Inner, w.InnerP = append(w.Inner, in.id), append(w.InnerP, in.p)
	}
	var buf bytes.Buffer
	err := gob.NewEncoder(&buf).Encode(w)
	return buf.Bytes(), err
}

// GobDecode implements gob.GobDecoder.
func (x *PreviewIndex) GobDecode(data []byte) error {
	var w previewWire
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&w); err != nil {
		return err
	}
	n := int32(len(w.Levels))
	bad := len(w.IDs) != len(w.IDAt) || len(w.Excerpts) != len(w.ExAt) || len(w.Inner) != len(w.InnerP) || len(w.Starts) != len(w.Levels)+1
	for _, i := range append(slices.Clone(w.IDAt), w.ExAt...) {
		bad = bad || i < 0 || i >= n
	}
	for i := 1; i < len(w.Starts) && !bad; i++ {
		bad = w.Starts[i] < w.Starts[i-1] || w.Starts[0] < 0
	}
	if bad {
		return errors.New("markup: corrupt preview index")
	}
	*x = PreviewIndex{starts: w.Starts, levels: w.Levels}
	for i, id := range w.IDs {
		x.ids = append(x.ids, blockID{id: id, i: w.IDAt[i]})
	}
	for i, t := range w.Excerpts {
		x.excerpts = append(x.excerpts, excerpt{i: w.ExAt[i], text: t})
	}
	for i, id := range w.Inner {
		x.inner = append(x.inner, innerID{id: id, p: w.InnerP[i]})
	}
	return nil
}
