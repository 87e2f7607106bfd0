/* placeholder so the module library is never empty */
int tlxv_sim_placeholder_;
int tlxv_sim_placeholder_ = 0;
