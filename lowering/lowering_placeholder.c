/* placeholder so the module library is never empty */
int tlxv_lowering_placeholder_;
int tlxv_lowering_placeholder_ = 0;
