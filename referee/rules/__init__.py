"""What every rules family shares: one base of errors (``errors``) and the event an engine reports (``event``)."""
