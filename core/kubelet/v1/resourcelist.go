package v1

import (
	"bytes"
	"encoding/json"
)

// ResourceList is core/v1 ResourceList: resource name → quantity.
type ResourceList map[string]QuantityText

// QuantityText is a quantity as the user wrote it, parsed with
// ParseQuantity where it is used and validated. apimachinery's
// Quantity.UnmarshalJSON takes a JSON number as well as a string, so
// `cpu: 1` and `memory: 128974848` in a pod are quantities, as in
// kubectl; the number's JSON text is the quantity's text.
type QuantityText string

// UnmarshalJSON takes a string, a number, or null (the zero quantity).
func (q *QuantityText) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case string(b) == "null":
		*q = ""
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*q = QuantityText(s)
	default:
		*q = QuantityText(b)
	}
	return nil
}
