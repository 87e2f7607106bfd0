/* placeholder so the module library is never empty */
int tlxv_traces_placeholder_;
int tlxv_traces_placeholder_ = 0;
